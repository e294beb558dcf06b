"""The presets (KEIZER-RULES.md section 9, issue 17): a preset fills every setting, any setting
given explicitly overrides it; each preset's rules and sources are documented in docs/rules.md,
docs/presets-kfc.md and docs/presets-chesspairing.md."""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from keizer_xl.core.settings import Credit, TopValue

# --------------------------------------------------------------------------- presets
# A preset names only what differs from Settings' defaults (the ``keizer`` preset).

PRESETS: dict[str, dict[str, Any]] = {
    # Keizer's 1956 example: every default of Settings.
    "keizer": {},
    # Sevilla's Keizer defaults; its percentages carry two decimals, so 33.33 % is 3333/10000.
    "sevilla": {
        "top_value": TopValue(number=Fraction(100)),
        "bye": Credit(Fraction(6667, 10000)),
        "absence_excused": Credit(Fraction(3333, 10000)),
        "absence_club": Credit(Fraction(6667, 10000)),
        "colours": "balance",
    },
    # Rounds valued once, no own value, fixed absence points (20 excused, 40 bye / club duty).
    "frozen-fixed": {
        "recalculation": "frozen",
        "own_value": "none",
        "bye": Credit(fixed=Fraction(40)),
        "absence_excused": Credit(fixed=Fraction(20)),
        "absence_club": Credit(fixed=Fraction(40)),
    },
    "knsb-sixths": {
        "win": Fraction(6, 6),
        "draw": Fraction(3, 6),
        "loss": Fraction(1, 6),
        "forfeit_win": Fraction(6, 6),
        "bye": Credit(Fraction(4, 6)),
        "absence_excused": Credit(Fraction(2, 6)),
        "absence_max": 5,
    },
    # KeizerForClubs' default scoring (Dumuzy/KeizerForClubs, src/RankingCalculator.cs and its
    # shipped cfg/KeizerForClubs.config.s3db; docs/presets-kfc.md gives the source of each).
    "kfc": {
        "top_value": TopValue(rule="ratio 3"),
        "value_rounding": "half-even",
        "bye": Credit(Fraction(50, 100)),
        "absence_excused": Credit(Fraction(35, 100)),
        "absence_unexcused": Credit(Fraction(5, 100)),
        "absence_club": Credit(Fraction(70, 100)),
        "withdrawn": "retroactive",
        "withdrawn_opponent": Fraction(75, 100),
        "withdrawn_opponent_result": True,
        "withdrawn_opponent_forfeit_as_loss": True,
        "pending_scores_zero": True,
        "tiebreak": ("rating", "start"),
        # the printed standings (cReportingUnit.cs via GetPlayerLiOrderedForResults): points
        # to 2 decimals, game points, rating; the ranking above still sets the values
        "display_order": "points-games-rating",
        "colours": "lower-white",
    },
    # gnutterts/chesspairing's Keizer scorer with its defaults (scoring/keizer/options.go
    # WithDefaults, keizer.go scoreIterative): top N, step 1, each standing iterated to a fixed
    # point from the rating order (at most 20 passes, a 2-cycle averaged), every contribution
    # rounded to 1/2 (its x2 integers), PAB 1/2, excused and unexcused 0.35, club 0.70, at
    # most 5 scored absences (club exempt), ties by rating then name.
    "chesspairing": {
        "top_value": TopValue(rule="N"),
        "start_points": "zero",  # Score without rounds: every player 0 (keizer.go Score)
        "recalculation": "converge",
        "max_passes": 20,
        "converge_start": "start",
        "converge_cycle": "two",
        "start_ranking": "rating",
        "rounding": "half",
        "float_shares": True,  # 45 x 0.35 x 2 is 31.4999... in float64: 15.5, not 16
        "bye": Credit(Fraction(1, 2)),
        "absence_excused": Credit(Fraction(35, 100)),
        "absence_unexcused": Credit(Fraction(35, 100)),
        "absence_club": Credit(Fraction(70, 100)),
        "absence_late": Credit(fixed=Fraction(0)),
        "absence_max": 5,
        "absence_max_includes_unexcused": True,
        "tiebreak": ("rating", "name"),
        "name_order": "exact",
        "withdrawn": "remove",  # WithdrawnAsAbsent false: he leaves every standing
        "withdrawn_opponent": Fraction(0),  # a game against him is skipped
        # a game without a result: no points for either, and both were there (keizer.go
        # scoreRound: ResultPending adds nothing; the game keeps them off the absent list)
        "pending_scores_zero": True,
    },
    # chesspairing's "keizer1956" method: the same, but one pass with the ranking before the
    # round (Keizer's 1956 example) instead of the fixed point.
    "chesspairing-1956": {},  # filled below from "chesspairing"
    # ESG Emmen as chesspairing's ESGOptions and esgapp (KeizerPointsService.php) define it:
    # frozen rounds, top 60, no own value, fixed 40 (bye, club duty), 20 (absent, at most 5
    # times), 15 per round before a late entrant joined; a withdrawn player stays as absent.
    "esg": {
        "top_value": TopValue(number=Fraction(60)),
        "recalculation": "frozen",
        "own_value": "none",
        "start_ranking": "rating",
        "rounding": "half",
        "bye": Credit(fixed=Fraction(40)),
        "absence_club": Credit(fixed=Fraction(40)),
        "absence_excused": Credit(fixed=Fraction(20)),
        "absence_unexcused": Credit(fixed=Fraction(20)),
        "absence_late": Credit(fixed=Fraction(15)),
        "absence_max": 5,
        "absence_max_includes_unexcused": True,
        "tiebreak": ("rating", "name"),
        "name_order": "exact",
        "withdrawn": "keep",  # WithdrawnAsAbsent true
        "forfeit_is_meeting": False,  # ForfeitCountsAsMet false: a 0-0F is two absences
    },
    # Geel: ELO-points (value = rating / 100), ranked by the points earned alone.
    "geel": {
        "value_basis": "rating",
        "own_value": "none",
        "pairing": "geel",
        "colours": "geel",
    },
}


PRESETS["chesspairing-1956"] = {**PRESETS["chesspairing"], "recalculation": "prev"}
