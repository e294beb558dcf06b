"""The package's public face: a curated, lazily loaded API and a version (issue 8, hygiene)."""
from importlib.metadata import version

import keizer_xl
from keizer_xl.core.rules import parse_setting


def test_every_public_name_resolves() -> None:
    """Each public name is the very object the module it is mapped to holds (not a stand-in),
    defined in that module's layer, and
    the API does what it says on a two-player season worked by hand."""
    import importlib

    names = [n for n in keizer_xl.__all__ if n != "__version__"]
    assert sorted(dir(keizer_xl)) == sorted(keizer_xl.__all__)
    for name in names:
        module = keizer_xl._PUBLIC[name]
        obj = getattr(keizer_xl, name)
        assert obj is getattr(importlib.import_module(module), name), name
        assert callable(obj), name
        # defined in the layer the map names (a module may re-export its package's engine)
        assert obj.__module__.split(".")[:2] == module.split(".")[:2], (name, obj.__module__)
    # Ann beats Bob in round 1: with the default preset (top value 1.5N = 3, step 1) Ann's
    # value is 3 and Bob's 2; Ann scores Bob's value 2 plus her own 3 = 5, Bob his own 2
    season = keizer_xl.Season(
        players=(keizer_xl.Player("Ann", rating=1800), keizer_xl.Player("Bob", rating=1700)),
        games=(keizer_xl.Game(1, "Ann", "Bob", keizer_xl.Result("1-0")),),
        settings=keizer_xl.build_settings([]))
    assert isinstance(season.settings, keizer_xl.Settings)
    standing = keizer_xl.compute_standing(season)
    assert tuple(standing.order) == ("Ann", "Bob")
    assert standing.score == {"Ann": 5, "Bob": 2}
    assert keizer_xl.compute_history(season).last.score == standing.score


def test_the_version_is_the_installed_distributions() -> None:
    assert keizer_xl.__version__ == version("keizer-xl")


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
