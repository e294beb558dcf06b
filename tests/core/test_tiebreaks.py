"""FIDE C.07 (2024) tie-breaks, every value worked out by hand below."""
from __future__ import annotations

from fractions import Fraction as F

from keizer_xl.core.tiebreaks import (Bye, Game, Kind, Tournament, aob, bh, bh_c1, bh_m1, bpg, bwg,
                                      de_order, ge, ks, ps, rank, sb, score, win, won)

H = F(1, 2)

#: a 6-player round robin (White: the earlier letter); the row player's points:
#:      A  B  C  D  E  F   total
#:  A   -  1  ½  1  0  1   3½
#:  B   0  -  1  ½  1  1   3½
#:  C   ½  0  -  1  1  ½   3
#:  D   0  ½  0  -  1  1   2½
#:  E   1  0  0  0  -  1   2
#:  F   0  0  ½  0  0  -   ½
TABLE = {"A": "-1½101", "B": "0-1½11", "C": "½0-11½", "D": "0½0-11", "E": "1000-1",
         "F": "00½00-"}
PTS = {"1": F(1), "½": H, "0": F(0)}


def six() -> Tournament:
    names = tuple(TABLE)
    games = tuple(Game(i + j, a, b, PTS[TABLE[a][j]], PTS[TABLE[b][i]])
                  for i, a in enumerate(names) for j, b in enumerate(names) if i < j)
    return Tournament(names, games)


def test_six_player_round_robin_by_hand():
    t = six()
    assert score(t) == {"A": F(7, 2), "B": F(7, 2), "C": F(3), "D": F(5, 2), "E": F(2),
                        "F": H}
    # SB: the scores of the players he beat plus half those he drew with
    #   A: B 3½ + D 2½ + F ½ + ½·C 3 = 6½ + 1½ = 8
    #   B: C 3 + E 2 + F ½ + ½·D 2½ = 5½ + 1¼ = 6¾
    #   C: D 2½ + E 2 + ½·A 3½ + ½·F ½ = 4½ + 1¾ + ¼ = 6½
    #   D: E 2 + F ½ + ½·B 3½ = 2½ + 1¾ = 4¼
    #   E: A 3½ + F ½ = 4;  F: ½·C 3 = 1½
    assert sb(t) == {"A": F(8), "B": F(27, 4), "C": F(13, 2), "D": F(17, 4), "E": F(4),
                     "F": F(3, 2)}
    # KS: points against those with at least half of the 5 games (2½): A, B, C, D
    #   A: B 1 + C ½ + D 1 = 2½;  B: C 1 + D ½ = 1½;  C: A ½ + D 1 = 1½;  D: B ½;
    #   E: A 1;  F: C ½
    assert ks(t) == {"A": F(5, 2), "B": F(3, 2), "C": F(3, 2), "D": H, "E": F(1), "F": H}
    assert win(t) == won(t) == {"A": 3, "B": 3, "C": 2, "D": 2, "E": 2, "F": 0}
    # Black: each player has Black against every earlier letter
    assert bpg(t) == {"A": 0, "B": 1, "C": 2, "D": 3, "E": 4, "F": 5}
    assert bwg(t) == {"A": 0, "B": 0, "C": 0, "D": 0, "E": 1, "F": 0}  # E beat A with Black
    # BH in a round robin: everyone's points but his own (15 - own)
    assert bh(t)["A"] == 15 - F(7, 2) and bh(t)["F"] == 15 - H
    # AOB: A's opponents' BH: B 11½ + C 12 + D 12½ + E 13 + F 14½ = 63½, over 5 = 12.7
    assert aob(t)["A"] == F(127, 10) and ge(t) == dict.fromkeys(TABLE, 5)


def test_de_first_then_the_rest():
    # A and B tie on 3½; A beat B: DE puts A first (SB would as well, 8 > 6¾)
    st = rank(six(), ["DE", "WIN", "SB", "KS"])
    assert [(s.place, s.name) for s in st] == [(1, "A"), (2, "B"), (3, "C"), (4, "D"),
                                               (5, "E"), (6, "F")]
    assert st[0].values == (F(1), F(3), F(8), F(5, 2)) and st[1].values[0] == 0
    assert st[2].values[0] is None  # C is not tied: DE decided nothing for him
    assert not any(s.shared for s in st)


def test_de_circle_then_sb_and_shared_place():
    # A beats B, B beats C, C beats A: 1 each, DE leaves all three tied; all draw D
    t = Tournament(("A", "B", "C", "D"), (
        Game(1, "A", "B", F(1), F(0)), Game(2, "B", "C", F(1), F(0)),
        Game(3, "C", "A", F(1), F(0)), Game(1, "C", "D", H, H), Game(2, "A", "D", H, H),
        Game(3, "B", "D", H, H)))
    st = rank(t, ["DE", "SB"])
    # all on 1½, all met: DE (points among the four) 1 + ½ = 1½ each, D ½ + ½ + ½ = 1½;
    # SB: A 1·1½ (B) + ½·1½ (D) = 2¼, B and C likewise, D 3·(½·1½) = 2¼: one shared place
    assert {s.name: s.values for s in st} == {n: (F(3, 2), F(9, 4)) for n in "ABCD"}
    assert [(s.place, s.name, s.shared) for s in st] == [
        (1, "A", True), (1, "B", True), (1, "C", True), (1, "D", True)]


def test_de_when_not_all_met():
    # 6.2: A, B, C tied; A beat B and C; B and C have not met: A's 2 exceeds what B or C
    # can still reach (0 + 1 for their missing game), A first; B, C stay tied
    t = Tournament(("A", "B", "C"), (Game(1, "A", "B", F(1), F(0)),
                                     Game(2, "C", "A", F(0), F(1))))
    assert de_order(t, ["A", "B", "C"])[0] == [["A"], ["B", "C"]]
    # B beat... nobody: A has 1 and B 0 with A-C missing: A can be caught by C (0 + 1)
    t = Tournament(("A", "B", "C"), (Game(1, "A", "B", F(1), F(0)),))
    assert de_order(t, ["A", "B", "C"])[0] == [["A", "B", "C"]]


def swiss_forfeit() -> Tournament:
    # R1 A-B 1-0, C-D ½-½;  R2 A-C 1-0 by forfeit, B-D ½-½;  R3 A-D 0-1, B-C 0-1
    return Tournament(("A", "B", "C", "D"), (
        Game(1, "A", "B", F(1), F(0)), Game(1, "C", "D", H, H),
        Game(2, "A", "C", F(1), F(0), forfeit=True), Game(2, "B", "D", H, H),
        Game(3, "A", "D", F(0), F(1)), Game(3, "B", "C", F(0), F(1))), predetermined=False)


def test_article_16_forfeits_in_a_swiss():
    t = swiss_forfeit()
    assert score(t) == {"A": 2, "B": H, "C": F(3, 2), "D": 2}
    # BH, a forfeit's dummy: his own score capped at the scheduled opponent's (16.4.1)
    #   A: B ½ + min(2, C 1½) + D 2 = 4;   B: A 2 + D 2 + C 1½ = 5½
    #   C: D 2 + min(1½, A 2) + B ½ = 4;   D: C 1½ + B ½ + A 2 = 4
    assert bh(t) == {"A": 4, "B": F(11, 2), "C": 4, "D": 4}
    # Cut-1: the least significant value, but C's forfeit loss (a VUR, 1½) goes first (16.5)
    assert bh_c1(t) == {"A": F(7, 2), "B": 4, "C": F(5, 2), "D": F(7, 2)}
    # Median-1: C also loses the highest (2): ½
    assert bh_m1(t)["C"] == H and bh_m1(t)["A"] == F(3, 2)
    # SB: A 1·½ + 1·1½ (dummy) + 0 = 2; C ½·2 + 0 + 1·½ = 1½; D ½·1½ + ½·½ + 1·2 = 3
    assert sb(t) == {"A": 2, "B": 1, "C": F(3, 2), "D": 3}
    assert won(t)["A"] == 1 and win(t)["A"] == 2  # the forfeit win is a win, not a game won


def test_forfeits_in_a_round_robin_are_games():
    # 15.2: pre-determined pairings: the forfeit counts with the real opponent's score
    t = Tournament(swiss_forfeit().players, swiss_forfeit().games)
    assert bh(t)["C"] == 2 + 2 + H and sb(t)["A"] == H + F(3, 2)
    assert won(t)["A"] == 2 and bpg(t)["C"] == 1  # C's forfeit loss with Black: not played


def test_byes_article_16():
    # R1 A-B 1-0, C a requested half-point bye;  R2 B-C 0-1, A the pairing-allocated bye;
    # R3 A-C ½-½, B a zero-point bye in the last round (16.2.5: a draw for the others)
    t = Tournament(("A", "B", "C"), (
        Game(1, "A", "B", F(1), F(0)), Game(2, "B", "C", F(0), F(1)), Game(3, "A", "C", H, H)),
        (Bye(1, "C", Kind.HALF_BYE), Bye(2, "A"), Bye(3, "B", Kind.ZERO_BYE)),
        predetermined=False)
    assert score(t) == {"A": F(5, 2), "B": 0, "C": 2}
    # B counts ½ for his opponents; a bye's dummy is capped at ½ x 3 rounds = 1½ (16.4.2)
    #   A: B ½ + min(2½, 1½) + C 2 = 4;  B: A 2½ + C 2 + min(0, 1½) = 4½
    #   C: min(2, 1½) + B ½ + A 2½ = 4½
    assert bh(t) == {"A": 4, "B": F(9, 2), "C": F(9, 2)}
    # Cut-1: C's half-point bye (1½) is cut, not B's ½; B's zero-point bye (0)
    assert bh_c1(t) == {"A": F(7, 2), "B": F(9, 2), "C": 3}
    # SB: A 1·½ + 1·1½ + ½·2 = 3;  C ½·1½ + 1·½ + ½·2½ = 2½
    assert sb(t) == {"A": 3, "B": 0, "C": F(5, 2)}
    assert ge(t) == {"A": 3, "B": 2, "C": 2}
    assert win(t) == {"A": 2, "B": 0, "C": 1} and won(t) == {"A": 1, "B": 0, "C": 1}
    # PS: A 1 + 2 + 2½ = 5½;  C ½ + 1½ + 2 = 4
    assert ps(t) == {"A": F(11, 2), "B": 0, "C": 4}
