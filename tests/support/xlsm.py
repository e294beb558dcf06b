"""Reading a built .xlsm as Excel would (issue 7): its VBA modules through olevba, the buttons
in its VML drawing; the probe that opens it in LibreOffice."""
from __future__ import annotations

import re
import zipfile
from pathlib import Path

import pytest
from oletools.olevba import VBA_Parser

from keizer_xl.frontends.cli import main


PROBE = Path(__file__).with_name("lo_xlsm_probe.py")


def vba_modules(path: Path) -> dict[str, str]:
    parser = VBA_Parser(str(path))
    try:
        return {name.rsplit(".", 1)[0]: code for _f, _s, name, code in parser.extract_macros()}
    finally:
        parser.close()


def vml_buttons(path: Path) -> list[tuple[str, str]]:
    with zipfile.ZipFile(path) as z:
        (vml,) = [n for n in z.namelist() if n.endswith(".vml")]
        text = z.read(vml).decode("utf-8")
    shapes = re.findall(r"<v:shape\b.*?</v:shape>", text, re.S)
    out = []
    for shape in shapes:
        assert 'ObjectType="Button"' in shape
        caption = re.search(r"<font[^>]*>([^<]*)</font>", shape).group(1)
        macro = re.search(r"<x:FmlaMacro>\[0\]!([^<]+)</x:FmlaMacro>", shape).group(1)
        out.append((caption, macro))
    return out


#: the captions, written out as the guides write them (not read from the catalogs)
CAPTIONS = {
    "en": ("Pair next round", "Update standings", "Check workbook"),
    "nl": ("Volgende ronde indelen", "Stand bijwerken", "Controleren"),
    "de": ("Nächste Runde paaren", "Rangliste aktualisieren", "Prüfen"),
    "fr": ("Apparier la ronde suivante", "Mettre à jour le classement", "Vérifier"),
}


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("xlsm") / "club.xlsm"
    assert main(["new", str(path)]) == 0
    return path
