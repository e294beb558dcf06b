"""The package's public face: a curated, lazily loaded API and a version (issue 8, hygiene)."""
import subprocess
import sys
from importlib.metadata import version

import keizer_xl
from keizer_xl.core.rules import parse_setting


def test_every_public_name_resolves() -> None:
    for name in keizer_xl.__all__:
        assert getattr(keizer_xl, name) is not None, name


def test_the_version_is_the_installed_distributions() -> None:
    assert keizer_xl.__version__ == version("keizer-xl")


def test_importing_the_package_loads_nothing_heavy() -> None:
    code = ("import sys, keizer_xl; print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "{'pandas','numpy','openpyxl','xlwings'} or m.startswith('keizer_xl.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_worked_example_through_the_public_api() -> None:
    """KEIZER-RULES.md section 10, round 1: Jansen beats Pietersen -> 50 + 49 = 99."""
    players = [keizer_xl.Player(name=n, rating=None, start=i + 1) for i, n in
               enumerate(["Jansen", "Pietersen", "Bakker", "Slager", "de Vries", "de Zeeuw",
                          "de Jonge", "de Oude", "de Wit", "de Bruin"])]
    R = keizer_xl.Result
    pairs = [("Jansen", "Pietersen", R.WHITE_WINS), ("Bakker", "Slager", R.DRAW),
             ("de Vries", "de Zeeuw", R.BLACK_WINS), ("de Jonge", "de Oude", R.DRAW),
             ("de Wit", "de Bruin", R.BLACK_WINS)]
    games = [keizer_xl.Game(round=1, board=b + 1, white=w, black=bl, result=r)
             for b, (w, bl, r) in enumerate(pairs)]
    settings = keizer_xl.build_settings([parse_setting("top_value", "50")])
    season = keizer_xl.Season(players=tuple(players), games=tuple(games), settings=settings)
    st = keizer_xl.compute_standing(season)
    assert list(st.order[:3]) == ["Jansen", "de Zeeuw", "de Bruin"]
    assert st.score["Jansen"] == 99  # 50 (own value) + 49 (Pietersen's value)
