"""A deliberately naive second implementation of KEIZER-RULES.md sections 2-4 and 7, for tests.

It follows the text of the rules literally with Fractions and plain loops (no events, no
integer scaling, no numpy) and imports nothing of the engine: its own start list (section 2),
its own top-value rules and rounding, its own table of what each result is worth to each side
(section 3).  Only the plain data types (Season, Player, Result, the parsed Settings) are
shared.  Covered: place values (step or linear, tied sharing), own value current/start/none,
win/draw/loss/forfeit fractions, adjourned and unfinished games as draws, byes, E/U/C/L
absences with ``absence_max``, late entrants (``Joined``), withdrawals (keep and remove, values
closing up, ``withdrawn_opponent``), prev/frozen/converge with cycle averaging, tie-breaks
previous/rating/start/name.
"""
from __future__ import annotations

from fractions import Fraction
from math import floor

from keizer_xl.core.model import Result, Season

# what a result is worth to (White, Black), by the name of the setting (section 3);
# adjourned and not yet played/finished games count as a draw until the result is entered
RESULT_TABLE = {
    Result.WHITE_WINS: ("win", "loss"),
    Result.BLACK_WINS: ("loss", "win"),
    Result.DRAW: ("draw", "draw"),
    Result.WHITE_FORFEIT: ("forfeit_win", "forfeit_loss"),
    Result.BLACK_FORFEIT: ("forfeit_loss", "forfeit_win"),
    Result.DOUBLE_FORFEIT: ("forfeit_loss", "forfeit_loss"),
    Result.ADJOURNED: ("draw", "draw"),
    Result.STARTED: ("draw", "draw"),
    Result.PENDING: ("draw", "draw"),
}


def start_list(players):
    """Section 2 and 7: Start when filled; players without Start slot in by rating before the
    first placed player rated lower; without rating they come last in row order."""
    with_start = sorted((p for p in players if p.start is not None), key=lambda p: p.start)
    rated = [p for p in players if p.start is None and p.rating is not None]
    rated.sort(key=lambda p: -p.rating)  # stable: equal ratings keep row order
    unrated = [p for p in players if p.start is None and p.rating is None]
    out = list(with_start)
    for p in rated:
        at = len(out)
        for i, q in enumerate(out):
            if q.rating is not None and q.rating < p.rating:
                at = i
                break
        out.insert(at, p)
    return [p.name for p in out + unrated]


def top_value(s, n):
    tv = s.top_value
    if tv.number is not None:
        return tv.number
    half_up = {"N": Fraction(n), "1.5N": Fraction(3 * n, 2), "2N": Fraction(2 * n),
               "ratio 3": Fraction(3 * (n - 1), 2)}[tv.rule]
    if s.value_rounding == "half-even":  # KeizerForClubs: Math.Round, halves to even
        return Fraction(round(half_up))
    return Fraction(floor(half_up + Fraction(1, 2)))


def values_for(order, totals, s):
    n = len(order)
    top = top_value(s, n)
    if s.bottom_value is not None:
        sc = 10 ** s.value_decimals
        step = (top - s.bottom_value) / (n - 1) if n > 1 else 0
        table = [Fraction(floor((top - i * step) * sc), sc) for i in range(n)]
    else:
        table = [top - i * s.value_step for i in range(n)]
    out = {}
    for i, name in enumerate(order):
        place = i
        if s.tied_share_value and totals is not None:
            while place > 0 and totals[order[place - 1]] == totals[name]:
                place -= 1
        out[name] = table[place]
    return out


def gone(season, name, k):
    """Has ``name`` left the ranking for the standing after round k (withdrawn remove)?"""
    p = season.player(name)
    return (season.settings.withdrawn == "remove" and p.withdrawn_round is not None
            and p.withdrawn_round <= max(k, 1))


def counted_absences_before(season, r, name):
    """How many of his absences before round r count toward absence_max (section 3)."""
    s = season.settings
    n = 0
    for a in season.absences:
        if (a.player == name and a.round < r and a.code in ("E", "C")
                and (a.code == "E" or s.absence_max_includes_club)
                and not any(name in (g.white, g.black) and g.round == a.round for g in season.games)):
            n += 1
    return n


def to_unit(x, unit):
    """``rounding``: x to the nearest multiple of unit (1/2 or 1), halves away from zero."""
    q = floor(abs(x) / unit + Fraction(1, 2)) * unit
    return q if x >= 0 else -q


def unit_of(s):
    return Fraction(1, 2) if s.rounding.startswith("half") else Fraction(1)


def round_points(season: Season, r, name, V, k):
    """What ``name`` earned in round r, valued with V, in the standing after round k
    (``rounding half/whole``: rounded on its own)."""
    x = exact_round_points(season, r, name, V, k)
    s = season.settings
    return to_unit(x, unit_of(s)) if s.rounding in ("half", "whole") else x


def exact_round_points(season: Season, r, name, V, k):
    s = season.settings
    p = season.player(name)
    for g in season.games:
        if g.round != r or name not in (g.white, g.black):
            continue
        white = g.white == name
        kind = RESULT_TABLE[g.result][0 if white else 1]
        opp = g.black if white else g.white
        if gone(season, opp, k):  # section 7: the opponent left the ranking
            return s.withdrawn_opponent * V[name]
        return getattr(s, kind) * V[opp]
    if any(b.round == r and b.player == name for b in season.byes):
        c = s.bye
    elif r < p.joined:
        c = s.absence_late
    elif p.withdrawn_round is not None and r >= p.withdrawn_round:
        c = s.absence_unexcused
    else:
        code = next((a.code for a in season.absences if a.round == r and a.player == name), "U")
        builtin = {"E": s.absence_excused, "U": s.absence_unexcused, "C": s.absence_club,
                   "L": s.absence_late}
        # a club code ('code X' rows of Settings): its credit as the settings hold it
        c = builtin[code] if code in builtin else dict(s.codes)[code]
        counts = code == "E" or (code == "C" and s.absence_max_includes_club)
        if counts and s.absence_max is not None and \
                counted_absences_before(season, r, name) >= s.absence_max:
            c = type(c)(Fraction(0))
    return c.fixed if c.fixed is not None else c.fraction * V[name]


def ranking(totals, prev_order, season, start):
    s = season.settings
    players = {p.name: p for p in season.players}
    prev = [n for n in prev_order if n in totals]

    def key(n):
        k = [-totals[n]]
        for t in s.tiebreak:
            if t == "previous":
                k.append(prev.index(n))
            elif t == "rating":
                k.append(-players[n].rating if players[n].rating is not None else float("inf"))
            elif t == "start":
                k.append(start.index(n))
            else:
                k.append(n.casefold())
        k.append(start.index(n))
        return k

    return sorted(totals, key=key)


def reference_history(season: Season, upto: int):
    """[(order, totals, converged)] after rounds 1..upto."""
    s = season.settings
    start = start_list(season.players)
    order = list(start)
    V = values_for(order, None, s)
    V_start = dict(V)
    frozen_values = {}  # round r -> the values it was valued with (frozen)
    totals = None
    out = []
    for k in range(1, upto + 1):
        active = [n for n in order if not gone(season, n, k)]
        if len(active) != len(order):  # somebody left: the values close up (section 7)
            V = values_for(active, totals, s)

        def own(n, vals):
            x = {"current": vals[n], "start": V_start[n], "none": 0}[s.own_value]
            return to_unit(x, unit_of(s)) if s.rounding in ("half", "whole") else x

        def total(x):  # ``rounding half total / whole total``
            return to_unit(x, unit_of(s)) if s.rounding.endswith("total") else x

        def totals_with(vals, k=k, active=active):
            return {n: total(own(n, vals) + sum(round_points(season, r, n, vals, k)
                                                for r in range(1, k + 1))) for n in active}

        converged = True
        if s.recalculation == "frozen":
            frozen_values[k] = V
            totals = {n: total(own(n, V) + sum(round_points(season, r, n, frozen_values[r], k)
                                               for r in range(1, k + 1))) for n in active}
            new_order = ranking(totals, active, season, start)
        else:
            totals = totals_with(V)
            new_order = ranking(totals, active, season, start)
            if s.recalculation == "converge":
                def key(o, t):  # the ranking includes shared places when values are shared
                    if not s.tied_share_value:
                        return o
                    return o, [next(j for j in range(len(o)) if t[o[j]] == t[x]) for x in o]

                passes = [(new_order, totals)]
                while True:
                    if len(passes) >= s.max_passes:
                        converged = False
                        break
                    t2 = totals_with(values_for(new_order, totals, s))
                    o2 = ranking(t2, active, season, start)
                    if key(o2, t2) == key(new_order, totals):
                        new_order, totals = o2, t2
                        break
                    earlier = [i for i, (o, t) in enumerate(passes) if key(o, t) == key(o2, t2)]
                    passes.append((o2, t2))
                    if earlier:
                        # the rankings of the cycle are passes[i .. -2]; the totals valued
                        # with them are those of the passes after each: passes[i+1 ..]
                        cycle = passes[earlier[0] + 1:]
                        totals = {n: sum(t[n] for _, t in cycle) / len(cycle) for n in active}
                        if s.rounding != "none":  # the average rounded to the unit too
                            totals = {n: to_unit(t, unit_of(s)) for n, t in totals.items()}
                        new_order = ranking(totals, active, season, start)
                        converged = False
                        break
                    new_order, totals = o2, t2
        out.append((new_order, totals, converged))
        order = new_order
        V = values_for(order, totals, s)
    return out
