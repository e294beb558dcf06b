"""Two groups rendered (issue 18): the HTML page at phone width in headless Chromium, a section
per group; the Standings sheet printed on A4 landscape by LibreOffice."""
from __future__ import annotations

import json
from pathlib import Path

import openpyxl
import pytest

from keizer_xl.frontends.cli import main

from support.groups import play_round_2, two_groups


_PHONE_PROBE = """<script>
window.addEventListener('load', function () {
  var boxes = Array.prototype.map.call(document.querySelectorAll('table[id^="standings"],'
    + ' table.category'), function (t) { var s = t.parentNode;
      return {id: t.id || t.className, scroll: s.scrollWidth, client: s.clientWidth,
              right: t.getBoundingClientRect().right}; });
  var heads = Array.prototype.map.call(document.querySelectorAll('h2'),
    function (h) { return h.textContent; });
  (window.parent || window).document.body.setAttribute('data-measure', JSON.stringify(
    {boxes: boxes, heads: heads, window: window.innerWidth}));
});
</script>"""


def _played(tmp_path: Path) -> Path:
    """Two groups, two rounds played (so a move is recorded), standings written."""
    path = two_groups(tmp_path / "g.xlsx")
    play_round_2(path)
    assert main(["standings", str(path)]) == 0
    return path


def test_html_at_phone_width_one_section_per_group(tmp_path, capsys):
    """Headless Chromium at 390 px (as tests/e2e/test_html_render.py): a section per group, and no
    standings or category table is cut; a screenshot is left beside for a look."""
    import re
    import shutil
    import subprocess

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        pytest.skip("needs chromium")
    path = _played(tmp_path)
    html = tmp_path / "g.html"
    assert main(["export", str(path), "--html", "--out", str(html)]) == 0
    page = html.read_text(encoding="utf-8")
    probe = tmp_path / "probe.html"
    probe.write_text(page.replace("</body>", _PHONE_PROBE + "</body>"), encoding="utf-8")
    host = tmp_path / "host.html"
    host.write_text('<!DOCTYPE html><html><body style="margin:0"><iframe src="probe.html" '
                    'width="390" height="2400" style="border:0"></iframe></body></html>',
                    encoding="utf-8")
    args = [chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
            "--allow-file-access-from-files", "--window-size=410,2400",
            "--virtual-time-budget=3000"]
    out = subprocess.run([*args, "--dump-dom", host.as_uri()], capture_output=True, text=True,
                         timeout=120).stdout
    m = re.search(r'data-measure="([^"]*)"', out)
    assert m, out[-500:]
    measured = json.loads(m.group(1).replace("&quot;", '"'))
    assert [h for h in measured["heads"] if h.startswith("Group")] == ["Group A", "Group B"]
    assert "Promotion and relegation" in measured["heads"]
    assert [b["id"] for b in measured["boxes"]] == ["standings-1", "standings-2"]
    for box in measured["boxes"]:
        assert box["scroll"] <= box["client"] and box["right"] <= measured["window"], box
    subprocess.run([*args, f"--screenshot={tmp_path / 'phone.png'}", host.as_uri()],
                   capture_output=True, timeout=120)


@pytest.mark.slow
def test_standings_with_two_groups_prints_on_a4_landscape(tmp_path):
    """LibreOffice renders the Standings sheet of two groups on A4 landscape, both blocks on
    the first page, nothing below 8 pt; the PNG is left beside for a look."""
    import re
    import shutil
    import subprocess

    from keizer_xl.clients import lo_run

    soffice = lo_run.find_soffice()
    if soffice is None or shutil.which("pdftotext") is None:
        pytest.skip("needs LibreOffice and poppler-utils")
    path = _played(tmp_path)
    wb = openpyxl.load_workbook(path)
    for name in wb.sheetnames:  # only the Standings sheet in the PDF
        if name != "Standings":
            del wb[name]
    wb.save(path)
    subprocess.run([str(soffice), f"-env:UserInstallation=file://{tmp_path / 'profile'}",
                    "--headless", "--convert-to", "pdf", "--outdir", str(tmp_path), str(path)],
                   check=True, capture_output=True, timeout=300)
    pdf = path.with_suffix(".pdf")
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True).stdout
    w, h = map(float, re.search(r"Page size:\s+([\d.]+) x ([\d.]+)", info).groups())
    assert (round(w), round(h)) == (842, 595)  # A4 landscape, in points
    first = subprocess.run(["pdftotext", "-f", "1", "-l", "1", str(pdf), "-"],
                           capture_output=True, text=True).stdout
    assert "Group A" in first and "Group B" in first and "Standings after round 2" in first
    try:
        import pymupdf
    except ImportError:
        pymupdf = None
    if pymupdf is not None:
        with pymupdf.open(pdf) as doc:
            sizes = [span["size"] for page in doc for block in page.get_text("dict")["blocks"]
                     for line in block.get("lines", []) for span in line["spans"]
                     if span["text"].strip()]
        assert min(sizes) >= 8.2
    subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", str(pdf),
                    str(tmp_path / "standings")], capture_output=True)
