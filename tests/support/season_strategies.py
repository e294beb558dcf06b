"""A hypothesis strategy for random small seasons (players joining and leaving, absences,
byes, every result kind, the settings the engine varies on); shared by the properties of
the engine (tests/core/test_standings_properties.py) and of the presets."""
from hypothesis import strategies as st

from keizer_xl.core.model import Absence, Bye, Game, Player, Result, Season, validate
from keizer_xl.core.rules import build_settings, parse_setting

RESULTS = [Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW, Result.WHITE_FORFEIT,
           Result.BLACK_FORFEIT, Result.DOUBLE_FORFEIT, Result.ADJOURNED]


@st.composite
def seasons(draw, methods=("prev", "frozen", "converge")):
    n = draw(st.integers(2, 9))
    names = [f"P{i}" for i in range(n)]
    ratings = draw(st.lists(st.sampled_from([None, 1500, 1600, 1700]), min_size=n, max_size=n))
    rounds = draw(st.integers(1, 6))
    # Start for some players (a permutation of places), Joined and withdrawals for others
    starts = draw(st.permutations(range(1, n + 1)))
    has_start = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    joined = draw(st.lists(st.sampled_from([1, 1, 1, 2, 3]), min_size=n, max_size=n))
    left = draw(st.lists(st.sampled_from([None, None, None, 2, 3, 4]), min_size=n, max_size=n))
    players = []
    for i, nm in enumerate(names):
        j = min(joined[i], rounds)
        w = left[i] if left[i] is not None and left[i] > j else None
        if i < 2:  # two players stay all season, so every round can have a game
            j, w = 1, None
        players.append(Player(nm, rating=ratings[i], start=starts[i] if has_start[i] else None,
                              joined=j, withdrawn_round=w))
    players = tuple(players)
    games, byes, absences = [], [], []
    for r in range(1, rounds + 1):
        members = [p.name for p in players if p.is_member(r) and not p.is_withdrawn(r)]
        order = draw(st.permutations(members))
        absent = draw(st.integers(0, max(0, len(order) - 2)))
        present, away = list(order[absent:]), order[:absent]
        for name in away:
            absences.append(Absence(r, name, draw(st.sampled_from("EUC"))))
        if len(present) % 2:
            byes.append(Bye(r, present.pop()))
        for w, b in zip(present[::2], present[1::2], strict=True):
            games.append(Game(r, w, b, draw(st.sampled_from(RESULTS))))
    raw = {
        "recalculation": draw(st.sampled_from(methods)),
        "own_value": draw(st.sampled_from(["current", "start", "none"])),
        "top_value": draw(st.sampled_from(["1.5N", "N", "2N", "ratio 3", "50", "100"])),
        "tied_share_value": draw(st.sampled_from(["no", "yes"])),
        "loss": draw(st.sampled_from(["0", "1/6"])),
        "tiebreak": draw(st.sampled_from(["previous, rating, start", "rating, start", "name"])),
        "withdrawn": draw(st.sampled_from(["keep", "remove"])),
        "absence_max": draw(st.sampled_from(["none", "1", "2"])),
    }
    if draw(st.booleans()):
        raw["bottom_value"] = "1"
    if raw["recalculation"] == "converge":
        raw["max_passes"] = draw(st.sampled_from(["3", "50"]))
    s = build_settings([parse_setting(k, v) for k, v in raw.items()])
    # every round has at least one game, so every round counts as a round with results
    if not games or {g.round for g in games} != set(range(1, rounds + 1)):
        games = list(games) + [Game(r, names[0], names[1], Result.DRAW)
                                      for r in range(1, rounds + 1)
                                      if r not in {g.round for g in games}]
        busy = {(g.round, x) for g in games for x in (g.white, g.black)}
        absences = [a for a in absences if (a.round, a.player) not in busy]
        byes = [b for b in byes if (b.round, b.player) not in busy]
        # a player pulled into a filler game may have left his own opponent alone
        seen = {}
        clean = []
        for g in games:
            if (g.round, g.white) in seen or (g.round, g.black) in seen:
                continue
            seen[(g.round, g.white)] = seen[(g.round, g.black)] = True
            clean.append(g)
        games = clean
    season = Season(players=players, games=tuple(games), byes=tuple(byes),
                    absences=tuple(absences), settings=s)
    assert not validate(season)
    return season
