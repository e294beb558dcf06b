"""The message catalogs (keizer_xl/i18n/locale/*/LC_MESSAGES/keizer_xl.po): every message the
code uses has a Dutch and a German translation with the same placeholders, the .po files are
valid and ship in the wheel."""
from __future__ import annotations

import shutil
import string
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from keizer_xl.i18n import CATALOG_LANGUAGES, DOMAIN, po_path, translator

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from catalogs import used_msgids


def catalog(lang):
    with open(po_path(lang), "rb") as fh:
        return read_po(fh, locale=lang, domain=DOMAIN)


def fields(text: str) -> set[str]:
    """The named placeholders of a str.format text, with their conversion ({text!r})."""
    return {f"{name}!{conv}" if conv else name
            for _lit, name, _spec, conv in string.Formatter().parse(text) if name is not None}


@pytest.mark.parametrize("lang", ["nl", "de", "fr"])
def test_every_message_used_has_a_translation_with_the_same_placeholders(lang):
    assert lang in CATALOG_LANGUAGES
    entries = {m.id: m for m in catalog(lang) if m.id}
    used = used_msgids()
    assert len(used) > 50
    missing = [m for m in used if m not in entries or not entries[m].string or entries[m].fuzzy]
    assert not missing, f"{lang}: no translation for {missing}"
    for msgid, entry in entries.items():
        assert fields(entry.string) == fields(msgid), (lang, msgid)


def test_the_checker_can_fail():
    # a placeholder lost in translation is seen
    assert fields("{text!r} staat niet in {players}") != fields("{text!r} is not in {sheet}")


def test_translator_fills_placeholders_and_falls_back_to_english_ids():
    assert translator("nl").gettext("Standings after round {round}", round=8) == "Stand na ronde 8"
    assert translator("de")("Round {round}", round=3) == "Runde 3"
    assert translator("en")("Round {round}", round=3) == "Round 3"
    assert translator(None).lang == "en" and translator("xx").lang == "en"


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="gettext's msgfmt is not installed")
@pytest.mark.parametrize("lang", ["nl", "de", "fr"])
def test_msgfmt_accepts_the_catalogs(lang):
    done = subprocess.run(["msgfmt", "--check-format", "-o", "/dev/null", str(po_path(lang))],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_the_catalogs_are_in_the_wheel(tmp_path):
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w",
                           str(tmp_path), str(ROOT)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    wheel = next(tmp_path.glob("keizer_xl-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for lang in CATALOG_LANGUAGES:
        assert f"keizer_xl/i18n/locale/{lang}/LC_MESSAGES/keizer_xl.po" in names
    assert "keizer_xl/sheets/schema.py" in names
    # installed from the wheel (not this tree), the catalogs translate
    target = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(target)
    code = (f"import keizer_xl.i18n as i; "
            f"assert str(i.LOCALE_DIR).startswith({str(target)!r}), i.LOCALE_DIR; "
            "print(i.translator('de')('Round {round}', round=2))")
    env = {k: v for k, v in __import__("os").environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(target)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                          cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "Runde 2"
