"""A deliberately naive second implementation of KEIZER-RULES.md sections 2-4, for tests only.

It follows the text of the rules literally with Fractions and plain loops (no events, no
integer scaling, no numpy) so that the engine's optimised arithmetic can be checked against it
on random seasons.  Covered: place values (step or linear, tied sharing), own value, win/draw/
loss/forfeit fractions, byes, E/U/C/L absences (no max/decay), prev/frozen/converge with cycle
averaging, tie-breaks previous/rating/start/name.
"""
from __future__ import annotations

from fractions import Fraction
from math import floor

from keizer_xl.core.model import Season
from keizer_xl.core.standings import start_order


def values_for(order, totals, s):
    n = len(order)
    top = s.top_value.resolve(n)
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


def round_points(season: Season, r, name, V):
    s = season.settings
    for g in season.games:
        if g.round != r or name not in (g.white, g.black):
            continue
        white = g.white == name
        kind = g.result.score(white)
        if kind == "pending":
            kind = "draw"
        opp = g.black if white else g.white
        return getattr(s, kind) * V[opp]
    if any(b.round == r and b.player == name for b in season.byes):
        c = s.bye
    else:
        p = season.player(name)
        if r < p.joined:
            c = s.absence_late
        elif p.withdrawn_round is not None and r >= p.withdrawn_round:
            c = s.absence_unexcused
        else:
            code = next((a.code for a in season.absences if a.round == r and a.player == name), "U")
            c = {"E": s.absence_excused, "U": s.absence_unexcused, "C": s.absence_club,
                 "L": s.absence_late}[code]
    return c.fixed if c.fixed is not None else c.fraction * V[name]


def ranking(totals, prev_order, season):
    s = season.settings
    players = {p.name: p for p in season.players}
    start = [p.name for p in start_order(season.players)]

    def key(n):
        k = [-totals[n]]
        for t in s.tiebreak:
            if t == "previous":
                k.append(prev_order.index(n))
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
    """[(order, totals)] after rounds 1..upto."""
    s = season.settings
    order = [p.name for p in start_order(season.players)]
    V = values_for(order, None, s)
    V_start = dict(V)
    frozen_sum = {n: Fraction(0) for n in order}
    out = []
    for k in range(1, upto + 1):
        def totals_with(vals, own_vals):
            t = {}
            for n in order:
                own = {"current": own_vals[n], "start": V_start[n], "none": 0}[s.own_value]
                t[n] = own + sum(round_points(season, r, n, vals) for r in range(1, k + 1))
            return t

        if s.recalculation == "frozen":
            for n in order:
                frozen_sum[n] += round_points(season, k, n, V)
            totals = {n: frozen_sum[n] + {"current": V[n], "start": V_start[n], "none": 0}[s.own_value]
                      for n in order}
            new_order = ranking(totals, order, season)
        else:
            totals = totals_with(V, V)
            new_order = ranking(totals, order, season)
            if s.recalculation == "converge":
                def key(o, t):  # the ranking includes shared places when values are shared
                    if not s.tied_share_value:
                        return o
                    return o, [next(j for j in range(len(o)) if t[o[j]] == t[x]) for x in o]

                seen = [(new_order, totals)]
                passes = 1
                while passes < s.max_passes:
                    vals = values_for(new_order, totals, s)
                    t2 = totals_with(vals, vals)
                    o2 = ranking(t2, order, season)
                    passes += 1
                    if key(o2, t2) == key(new_order, totals):
                        totals, new_order = t2, o2
                        break
                    prior = [i for i, (o, t) in enumerate(seen) if key(o, t) == key(o2, t2)]
                    if prior:
                        cyc = seen[prior[0]:]
                        totals = {n: sum(t[n] for _, t in cyc) / len(cyc) for n in order}
                        new_order = ranking(totals, order, season)
                        break
                    seen.append((o2, t2))
                    new_order, totals = o2, t2
        out.append((new_order, totals))
        order = new_order
        V = values_for(order, totals, s)
    return out
