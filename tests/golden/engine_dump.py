"""The engine's whole output, dumped as text, for many seasons under every preset and the
recalculation, rounding, absence and withdrawal settings (issue 27: the engine rebuilt as
strategies must give byte-identical standings).

Every standing of every round is written out: passes, converged, note, ranking, places, shown
order and each row (score, value, previous value, own value, games, W/D/L and the points of
every round, as exact fractions), plus the history's notes.  ``engine_hashes.json`` keeps the
sha256 of each case's dump as recorded on the engine before the rebuild;
tests/core/test_engine_dump.py compares.

    python tests/golden/engine_dump.py --check        # compare with the recorded hashes
    python tests/golden/engine_dump.py --write        # record (only on a trusted engine)
    python tests/golden/engine_dump.py --dump DIR     # write the full text of every case
"""
from __future__ import annotations

import hashlib
import json
import random
import sys
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from collections.abc import Callable, Iterator

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "tests"))

from keizer_xl.core.model import Absence, Bye, Game, Player, Result, Season
from keizer_xl.core.presets import PRESETS
from keizer_xl.core.rules import build_settings, parse_setting
from keizer_xl.core.engine import History, compute_history

HASHES = Path(__file__).resolve().parent / "engine_hashes.json"

#: settings on top of the keizer preset: every recalculation, rounding, absence and withdrawal
#: rule the engine branches on
VARIANTS: dict[str, dict[str, str]] = {
    "converge": {"recalculation": "converge"},
    "converge-two": {"recalculation": "converge", "converge_cycle": "two"},
    "converge-start": {"recalculation": "converge", "converge_start": "start"},
    "converge-max3": {"recalculation": "converge", "max_passes": "3"},
    "frozen": {"recalculation": "frozen"},
    "frozen-remove": {"recalculation": "frozen", "withdrawn": "remove"},
    "extra2": {"extra_passes": "2", "extra_passes_from_round": "3"},
    "converge-from-4": {"converge_from_round": "4"},
    "round-half": {"rounding": "half"},
    "round-whole": {"rounding": "whole"},
    "round-half-total": {"rounding": "half total"},
    "round-whole-total": {"rounding": "whole total"},
    "round-half-floats": {"rounding": "half", "float_shares": "yes",
                          "absence_excused": "0.35", "bye": "0.35"},
    "converge-round-half": {"recalculation": "converge", "rounding": "half"},
    "decay-harmonic": {"absence_decay": "harmonic"},
    "decay-halving": {"absence_decay": "halving"},
    "decay-halving-eu": {"absence_decay": "halving-eu", "absence_unexcused": "1/6"},
    "absence-max": {"absence_max": "2", "absence_max_includes_club": "yes"},
    "absence-max-unexcused": {"absence_max": "2", "absence_max_includes_unexcused": "yes"},
    "absence-fixed": {"absence_excused": "10 points", "bye": "20 points"},
    "withdrawn-keep": {"withdrawn": "keep"},
    "withdrawn-remove": {"withdrawn": "remove"},
    "withdrawn-retroactive": {"withdrawn": "retroactive"},
    "withdrawn-result": {"withdrawn": "remove", "withdrawn_opponent": "3/4",
                         "withdrawn_opponent_result": "yes",
                         "withdrawn_opponent_forfeit_as_loss": "yes",
                         "pending_scores_zero": "yes"},
    "own-start": {"own_value": "start"},
    "own-none": {"own_value": "none"},
    "own-fade": {"own_value_fade": "6"},
    "tied-share": {"tied_share_value": "yes", "value_step": "2"},
    "tied-share-converge": {"tied_share_value": "yes", "recalculation": "converge"},
    "rating-basis": {"value_basis": "rating", "k_factor": "20"},
    "rating-basis-converge": {"value_basis": "rating", "recalculation": "converge"},
    "tiebreak-games": {"tiebreak": "games, rating, name"},
    "tiebreak-id": {"tiebreak": "id, start"},
    "tiebreak-name-exact": {"tiebreak": "name", "name_order": "exact"},
    "start-rating": {"start_ranking": "rating"},
    "display-kfc": {"display_order": "points-games-rating"},
    "pending-zero": {"pending_scores_zero": "yes"},
    "double-forfeit-absent": {"forfeit_is_meeting": "no"},
    "ratio-top": {"top_value": "ratio 3", "value_rounding": "half-even"},
    "wicker": {"value_normalisation": "wicker", "top_value": "ratio 3"},
    "code-x": {"code X": "1/2", "code Y": "5 points"},
    "periods": {"periods": "1, 6", "absence_max": "1", "absence_max_per_period": "yes"},
}


def settings(raw: dict[str, str]):
    return build_settings([parse_setting(k, v) for k, v in raw.items()])


def rich_season(n: int, rounds: int, seed: int) -> Season:
    """A season with what synthetic_season lacks: late entrants, withdrawals, unrated players,
    equal ratings, Ids, forfeits, double forfeits, adjourned and unfinished games, club codes."""
    rng = random.Random(seed)
    players = []
    for i in range(n):
        rating = None if i % 9 == 4 else 2100 - 10 * (i // 2) * 2
        joined = 1 + rng.randrange(4) if i % 7 == 3 else 1
        gone = rng.randrange(4, rounds + 1) if i % 8 == 5 else None
        players.append(Player(f"{'ab'[i % 2]}P{i:02d}", rating=rating, joined=joined,
                              withdrawn_round=gone, id=str(100 - i) if i % 3 else ""))
    outcomes = [Result.WHITE_WINS] * 4 + [Result.BLACK_WINS] * 3 + [Result.DRAW] * 3 + [
        Result.WHITE_FORFEIT, Result.BLACK_FORFEIT, Result.DOUBLE_FORFEIT, Result.ADJOURNED]
    games, byes, absences = [], [], []
    for r in range(1, rounds + 1):
        present = []
        for p in players:
            if r < p.joined or p.is_withdrawn(r):
                continue
            x = rng.random()
            if x < 0.12:
                absences.append(Absence(r, p.name, rng.choice("EEUCXY")))
            elif x < 0.15:
                continue  # neither paired nor marked absent
            else:
                present.append(p)
        rng.shuffle(present)
        if len(present) % 2:
            byes.append(Bye(r, present.pop().name))
        for a, b in zip(present[::2], present[1::2], strict=True):
            res = rng.choice(outcomes)
            if r == rounds and rng.random() < 0.3:
                res = Result.PENDING
            games.append(Game(r, a.name, b.name, res, board=len(games) + 1))
    return Season(players=tuple(players), games=tuple(games), byes=tuple(byes),
                  absences=tuple(absences), settings=settings({}))


def _with(season: Season, raw: dict[str, str]) -> Season:
    # the rich season's absences use the codes X and Y: give them a worth under every preset
    base = {"code X": "1/4", "code Y": "3 points"}
    return replace(season, settings=settings({**base, **raw}))


def _synthetic(n: int, rounds: int, seed: int) -> Season:
    from synthetic import synthetic_season
    return synthetic_season(n, rounds, seed=seed)


def _golden(name: str) -> Season:
    from support.golden_standings import load
    return load(ROOT / "tests" / "golden" / "standings" / name)[0]


def _golden_with(name: str, raw: dict[str, str]) -> Season:
    season = _golden(name)
    changed = build_settings([parse_setting(k, v) for k, v in raw.items()])
    return replace(season, settings=replace(season.settings, **{
        k.replace(" ", "_"): getattr(changed, k) for k in raw}))


def _played() -> Season:
    from support.period_seasons import played_season
    return played_season(14, 10, seed=5, periods="1, 6")


def cases() -> Iterator[tuple[str, Callable[[], Season]]]:
    """(name, season builder) of every case, in a fixed order."""
    seasons: dict[str, Callable[[], Season]] = {
        "syn24x10": lambda: _synthetic(24, 10, 3),
        "rich31x12": lambda: rich_season(31, 12, 4),
        "syn60x20": lambda: _synthetic(60, 20, 11),
        "rich16x9": lambda: rich_season(16, 9, 9),
    }
    cache: dict[str, Season] = {}

    def season(key: str) -> Season:
        if key not in cache:
            cache[key] = seasons[key]()
        return cache[key]

    for key in seasons:
        for preset in PRESETS:
            yield f"{key}/preset={preset}", (
                lambda key=key, preset=preset: _with(season(key), {"preset": preset}))
    for key in ("syn24x10", "rich31x12", "rich16x9"):
        for variant, raw in VARIANTS.items():
            yield f"{key}/{variant}", (lambda key=key, raw=raw: _with(season(key), raw))
    for name in ("keizer-1956.txt", "converge-cycle.txt"):
        yield f"golden/{name}", (lambda name=name: _golden(name))
    for extra in ({"converge_cycle": "two"}, {"rounding": "half"}, {"tied_share_value": "yes"},
                  {"converge_start": "start", "max_passes": "4"}):
        yield f"golden/converge-cycle.txt/{extra}", (
            lambda extra=extra: _golden_with("converge-cycle.txt", extra))
    yield "played14x10/periods", _played
    yield "syn150x35/preset=chesspairing", lambda: _with(_synthetic(150, 35, 7),
                                                         {"preset": "chesspairing"})


def _f(x: Fraction) -> str:
    return f"{x.numerator}/{x.denominator}"


def dump(history: History) -> str:
    """The whole history as text (every field a sheet, a report or a test reads)."""
    out = [f"notes {[str(n) for n in history.notes]!r}"]
    for st in history.standings:
        out.append(f"round {st.round} passes {st.passes} converged {st.converged} "
                   f"note {str(st.note)!r}")
        out.append(f" order {list(st.order)!r}")
        out.append(f" places {list(st.places)!r}")
        out.append(f" shown {list(st.shown_order)!r}")
        for row in st.rows:
            out.append(f" {row.place} {row.name} score {_f(row.score)} value {_f(row.value)} "
                       f"prev {_f(row.prev_value)} own {_f(row.own_points)} games {row.games} "
                       f"wdl {row.wins}/{row.draws}/{row.losses} "
                       f"rounds {' '.join(map(_f, row.rounds))}")
        if st.round:
            column = st.round_column(st.round)
            out.append(f" column {' '.join(_f(column[n]) for n in st.order)}")
    return "\n".join(out) + "\n"


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def run(only: str | None = None) -> dict[str, str]:
    return {name: digest(dump(compute_history(build())))
            for name, build in cases() if only is None or only in name}


def main(argv: list[str]) -> int:
    if argv[:1] == ["--write"]:
        HASHES.write_text(json.dumps(run(), indent=1, sort_keys=True) + "\n", encoding="utf-8")
        return 0
    if argv[:1] == ["--dump"]:
        folder = Path(argv[1])
        folder.mkdir(parents=True, exist_ok=True)
        for name, build in cases():
            (folder / (name.replace("/", "__") + ".txt")).write_text(
                dump(compute_history(build())), encoding="utf-8")
        return 0
    recorded = json.loads(HASHES.read_text(encoding="utf-8"))
    now = run()
    bad = [k for k in recorded if now.get(k) != recorded[k]]
    print(f"{len(now)} cases, {len(bad)} differ: {bad}")
    return 1 if bad or set(now) != set(recorded) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
