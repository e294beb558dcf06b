"""The random seasons of the composition proof (issue 23 item 4) and what is built from their
raw data alone, never by the competition view: each group's season, the oracle's groups
round by round (the moves worked out from the independent reference), raw records and
performance ratings.  Shared by tests/core/test_competition_matrix.py and
tests/frontends/test_competition_outputs.py."""
from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, replace
from fractions import Fraction

from keizer_xl.app.pair import plan_pairing
from keizer_xl.core.model import Absence, Bye, Game, Player, Result, Season
from keizer_xl.core.settings import Credit
from keizer_xl.errors import ActionError

from support import cp_reference
from support.reference import reference_history, start_list
from support.helpers import settings as make_settings

PRESETS = ("keizer", "sevilla", "kfc", "chesspairing")
DECIDED = {Result.WHITE_WINS: ("W", "L"), Result.BLACK_WINS: ("L", "W"),
           Result.DRAW: ("D", "D")}


@dataclass(frozen=True)
class Case:
    groups: int  # 0: no groups
    periods: bool
    moves: bool
    categories: bool
    min_games: int
    absent_default: bool
    preset: str
    late_and_withdrawn: bool
    seed: int

    @property
    def rounds(self) -> int:
        return 8

    def raw(self) -> dict[str, object]:
        raw: dict[str, object] = {"preset": self.preset}
        if self.periods:
            raw["periods"] = "1, 4, 7"
        if self.moves:
            raw["promote"] = 1
            raw["relegate"] = 1
        if self.min_games:
            raw["min_games"] = self.min_games
        if self.absent_default:
            raw["attendance_default"] = "absent"
        return raw


def cases(n: int, seed: int) -> list[Case]:
    """``n`` cases sampled from the product; moves only where there are groups and periods."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        groups = rng.choice((0, 2, 3))
        periods = rng.random() < 0.7
        preset = PRESETS[i % len(PRESETS)]
        # chesspairing has no credit for a game in another group: its reference
        # (cp_reference.py) cannot rank a group a player moved into, so no moves there
        moves = bool(groups) and periods and preset != "chesspairing" and rng.random() < 0.8
        out.append(Case(groups, periods, moves, rng.random() < 0.5, rng.choice((0, 0, 5)),
                        rng.random() < 0.3, preset, rng.random() < 0.6, seed * 1000 + i))
    return out


# --------------------------------------------------------------------------- playing a season

def _players(case: Case, rng: random.Random) -> tuple[Player, ...]:
    groups = "ABC"[:case.groups] if case.groups else ""
    sizes = [rng.randint(4, 6) for _ in groups] if groups else [rng.randint(7, 10)]
    out = []
    i = 0
    for gi, size in enumerate(sizes):
        for _ in range(size):
            i += 1
            cats: tuple[str, ...] = ()
            if case.categories:
                cats = tuple(c for c in ("Jeugd", "Dames") if rng.random() < 0.3)
            out.append(Player(f"P{i:02d}", rating=2200 - 40 * i + rng.randint(-30, 30),
                              group=groups[gi] if groups else "", categories=cats))
    if case.late_and_withdrawn:
        late = rng.randrange(len(out))
        out[late] = replace(out[late], joined=3)
        # kfc's withdrawn retroactive with withdrawn_opponent_result (KeizerForClubs) is not
        # in the reference (tests/support/reference.py): the kfc cases have a late entrant only
        if case.preset != "kfc":
            gone = next(j for j in range(len(out) - 1, -1, -1) if j != late)
            out[gone] = replace(out[gone], withdrawn_round=5)
    return tuple(out)


def play(case: Case) -> Season:
    """The season played evening by evening: absences drawn, the program's own pairing (every
    group on its own), results drawn (a forfeit now and then)."""
    rng = random.Random(case.seed)
    season = Season(players=_players(case, rng), settings=make_settings(**case.raw()))
    results = [Result.WHITE_WINS] * 4 + [Result.BLACK_WINS] * 3 + [Result.DRAW] * 3 + \
        [Result.WHITE_FORFEIT, Result.BLACK_FORFEIT]
    for rnd in range(1, case.rounds + 1):
        absent = tuple(Absence(rnd, p.name, rng.choice("EEU")) for p in season.players
                       if p.is_member(rnd) and not p.is_withdrawn(rnd) and rng.random() < 0.15)
        season = replace(season, absences=season.absences + absent)
        groups = oracle_groups(season, rnd)
        try:
            report = plan_pairing(season, rnd, force=True)
        except ActionError:
            continue  # nobody (or one) present in every group: nothing to pair
        for b in report.pairing.boards:  # the pairing never crosses a group
            assert groups[b.white] == groups[b.black], (rnd, b, groups)
        games = tuple(Game(rnd, b.white, b.black, rng.choice(results), b.board)
                      for b in report.pairing.boards)
        byes = tuple(Bye(rnd, r.pairing.bye) for _, r in report.groups if r.pairing.bye) \
            if report.groups else ((Bye(rnd, report.pairing.bye),) if report.pairing.bye else ())
        season = replace(season, games=season.games + games, byes=season.byes + byes)
    return season


# --------------------------------------------------------------------------- the test's oracle

def _other_group_codes(s):
    """The club codes of a game against another group: the result's share of the own value."""
    share = {"=1": s.win, "=½": s.draw, "=0": s.loss, "=1F": s.forfeit_win,
             "=0F": s.forfeit_loss}
    codes = dict(s.codes)
    codes.update({c: Credit(Fraction(v)) for c, v in share.items()})
    return replace(s, codes=tuple(sorted(codes.items())))


_CODE = {("W", False): "=1", ("D", False): "=½", ("L", False): "=0", ("W", True): "=1F",
         ("L", True): "=0F"}


def _side(result: Result, white: bool) -> tuple[str, bool]:
    """(W/D/L, forfeit) of one side; a pending game as a draw."""
    if result in DECIDED:
        return DECIDED[result][0 if white else 1], False
    if result is Result.WHITE_FORFEIT:
        return ("W" if white else "L"), True
    if result is Result.BLACK_FORFEIT:
        return ("L" if white else "W"), True
    if result is Result.DOUBLE_FORFEIT:
        return "L", True
    return "D", False


def built_group_season(season: Season, members: set[str]) -> Season:
    """The season of ``members``: their games among themselves, a game against anybody else
    as a club code worth its result's share of the own value."""
    games, absences = [], [a for a in season.absences if a.player in members]
    for g in season.games:
        w, b = g.white in members, g.black in members
        if w and b:
            games.append(g)
        elif w or b:
            kind, forfeit = _side(g.result, w)
            absences.append(Absence(g.round, g.white if w else g.black, _CODE[kind, forfeit]))
    return Season(players=tuple(p for p in season.players if p.name in members),
                  games=tuple(games), byes=tuple(b for b in season.byes if b.player in members),
                  absences=tuple(absences), settings=_other_group_codes(season.settings))


def reference_order(season: Season, k: int) -> list[str]:
    if season.settings.start_ranking == "rating":  # chesspairing: stateless, from ratings
        return cp_reference.standing(season, k, cp_reference.CpOptions())[0]
    if k == 0:
        return start_list(season.players)
    return list(reference_history(season, k)[-1][0])


def oracle_groups(season: Season, rnd: int) -> dict[str, str]:
    """Each player's group in round ``rnd``, worked out here: his Players group, moved at each
    boundary b <= rnd whose round b - 1 has results, by the reference's rankings after b - 1
    (the N best of a lower group up, the N worst of the upper group down, never a whole
    group; withdrawn players are not moved)."""
    groups = {p.name: p.group for p in season.players}
    names = list(dict.fromkeys(p.group for p in season.players if p.group))
    s = season.settings
    if not names or not (s.promote or s.relegate):
        return groups
    last = season.last_round_with_results()
    for b in s.periods:
        if b <= 1 or b > rnd or b - 1 > last:
            continue
        order = {}
        for g in names:
            members = {n for n, x in groups.items() if x == g}
            gs = built_group_season(season, members)
            k = min(b - 1, gs.last_round_with_results())
            ranking = reference_order(gs, k)
            order[g] = [n for n in ranking if season.player(n).is_member(b - 1)
                        and not season.player(n).is_withdrawn(b)]
        moved = {}
        for upper, lower in itertools.pairwise(names):
            n_up = min(s.promote, max(len(order[lower]) - 1, 0))
            n_down = min(s.relegate, max(len(order[upper]) - 1, 0))
            for n in order[lower][:n_up]:
                moved[n] = upper
            for n in (order[upper][len(order[upper]) - n_down:] if n_down else []):
                moved[n] = lower
        groups.update(moved)
    return groups


def part_season(season: Season, members: set[str], first: int, last: int,
                start: list[str]) -> Season:
    """A part's raw games: rounds first..last of ``members``, renumbered from 1, started from
    ``start``; Joined and the withdrawal renumbered the same way."""
    shift = first - 1
    keep = range(first, last + 1)
    players = tuple(replace(p, start=start.index(p.name) + 1, joined=max(1, p.joined - shift),
                            withdrawn_round=None if p.withdrawn_round is None
                            else max(1, p.withdrawn_round - shift))
                    for p in season.players if p.name in members)
    return Season(players=players,
                  games=tuple(replace(g, round=g.round - shift) for g in season.games
                              if g.round in keep and g.white in members and g.black in members),
                  byes=tuple(replace(b, round=b.round - shift) for b in season.byes
                             if b.round in keep and b.player in members),
                  absences=tuple(replace(a, round=a.round - shift) for a in season.absences
                                 if a.round in keep and a.player in members),
                  settings=replace(season.settings, periods=(), absence_max_per_period=False,
                                   rematch_period=False))


#: FIDE's dp for p = 0.50 .. 1.00 (Rating Regulations B.02, table 8.1.1)
DP = (0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149,
      158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336,
      351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800)


def raw_tpr(season: Season, name: str, last: int) -> int | None:
    """FIDE's performance over his games over the board in rounds 1..last, from the raw games."""
    rating = {p.name: p.rating for p in season.players}
    gone = season.player(name).withdrawn_round
    games = []
    for g in season.games:
        if g.round > last or name not in (g.white, g.black) or g.result not in DECIDED:
            continue
        if season.settings.withdrawn == "remove" and gone is not None and g.round >= gone:
            continue
        white = g.white == name
        opponent = rating[g.black if white else g.white]
        if opponent is not None:
            games.append((opponent, {"W": Fraction(1), "D": Fraction(1, 2), "L": Fraction(0)}[
                DECIDED[g.result][0 if white else 1]]))
    if not games:
        return None
    half = Fraction(1, 2)
    ra = int(Fraction(sum(r for r, _ in games), len(games)) + half)
    hundredths = int(sum((x for _, x in games), Fraction(0)) / len(games) * 100 + half)
    return ra + (DP[hundredths - 50] if hundredths >= 50 else -DP[50 - hundredths])


def raw_record(season: Season, first: int, last: int) -> dict[str, tuple[int, Fraction]]:
    """(games over the board, game points) per player over rounds first..last, counted on the
    raw games: a win or a forfeit win 1, a draw 1/2."""
    out = {p.name: (0, Fraction(0)) for p in season.players}
    gone = {p.name: p.withdrawn_round for p in season.players}
    for g in season.games:
        if not first <= g.round <= last or g.result is Result.PENDING:
            continue
        for name, white in ((g.white, True), (g.black, False)):
            if season.settings.withdrawn == "remove" and gone[name] is not None \
                    and g.round >= gone[name]:
                continue
            kind, forfeit = _side(g.result, white)
            games, points = out[name]
            out[name] = (games + (0 if forfeit else 1),
                         points + {"W": 1, "D": Fraction(1, 2), "L": 0}[kind])
    return out
