"""The HTML page in a real browser (issue 9, item 6): headless Chromium at a 390 px phone
width and a 1366 px desktop width.  A copy of the page gets a small script that measures the
layout and writes it into the DOM, which ``chromium --dump-dom`` prints:

- phone: the Standings table is not cut (its box does not scroll: scrollWidth <= clientWidth,
  so the Games column is on the screen), the chart's axis labels are drawn at 10 px or more
  (their font size times the chart's drawn width over its viewBox width);
- desktop: a 20-player crosstable fits the window (no horizontal scroll).
"""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from keizer_xl.app.export_files import page_html

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
needs = pytest.mark.skipif(CHROMIUM is None, reason="needs chromium (apt-get install chromium)")

_PROBE = """<script>
window.addEventListener('load', function () {
  function box(sel) { var e = document.querySelector(sel);
    return e ? {scroll: e.scrollWidth, client: e.clientWidth} : null; }
  var svg = document.querySelector('svg.chart');
  var k = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;  // drawn px per unit
  var labels = Array.prototype.map.call(document.querySelectorAll('svg.chart text'),
    function (t) { return parseFloat(getComputedStyle(t).fontSize) * k; });
  var games = document.querySelector('#standings th:nth-child(5)').getBoundingClientRect();
  var m = {standings: box('#standings-title + .scroll'), cross: box('.crossbox'),
           label_min: Math.min.apply(null, labels), games_right: games.right,
           window: window.innerWidth, lang: document.documentElement.lang};
  (window.parent || window).document.body.setAttribute('data-measure', JSON.stringify(m));
});
</script>"""


def _measure(page: str, width: int, tmp: Path) -> dict:
    """The page's measurements in a viewport ``width`` px wide: an iframe of that width in a
    host page (headless Chromium's window is at least 500 px wide, a phone is 390)."""
    path = tmp / f"page-{width}.html"
    path.write_text(page.replace("</body>", _PROBE + "</body>"), encoding="utf-8")
    host = tmp / f"host-{width}.html"
    host.write_text(f'<!DOCTYPE html><html><body style="margin:0"><iframe src="{path.name}" '
                    f'width="{width}" height="2000" style="border:0"></iframe></body></html>',
                    encoding="utf-8")
    out = subprocess.run([str(CHROMIUM), "--headless=new", "--no-sandbox", "--disable-gpu",
                          "--hide-scrollbars", "--allow-file-access-from-files",
                          f"--window-size={max(width, 500) + 20},2000",
                          "--virtual-time-budget=3000", "--dump-dom", host.as_uri()],
                         capture_output=True, text=True, timeout=120).stdout
    m = re.search(r'data-measure="([^"]*)"', out)
    assert m, out[-500:]
    return json.loads(m.group(1).replace("&quot;", '"'))  # type: ignore[no-any-return]


def _page(n_players: int, n_rounds: int) -> str:
    from keizer_xl.analysis.simulate import simulate_season

    season = simulate_season(n_players, n_rounds, seed=2)
    return page_html(season, "Test season")


@needs
def test_phone_shows_every_standings_column_and_readable_chart_labels(tmp_path: Path) -> None:
    m = _measure(_page(34, 22), 390, tmp_path)
    assert m["lang"] == "en"
    assert m["standings"]["scroll"] <= m["standings"]["client"], m   # Games not cut
    assert m["games_right"] <= m["window"], m
    assert m["label_min"] >= 10, m  # chart labels at least 10 px on the phone


@needs
def test_desktop_fits_a_20_player_crosstable(tmp_path: Path) -> None:
    m = _measure(_page(20, 19), 1366, tmp_path)
    assert m["cross"]["scroll"] <= m["cross"]["client"], m
    assert m["cross"]["client"] <= m["window"], m
