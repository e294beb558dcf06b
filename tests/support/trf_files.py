"""A TRF file as a club's pairing program writes it, typed by hand (FIDE's TRF16 columns):
shared by the TRF tests and the import of typed files."""
from __future__ import annotations


# Six players, four rounds, by hand.  Round 1: Jansen-de Vries 1-0, Bakker-Smit draw, Visser
# the pairing-allocated bye (U), Mulder not yet there (blank).  Round 2: de Vries wins by
# forfeit against Bakker, Smit-Visser 0-1, Jansen excused (H).  Round 3: Visser-Jansen draw,
# Mulder-Smit 1-0, de Vries on club duty (F), Bakker absent (Z).  Round 4: Jansen-Bakker double
# forfeit, Smit-de Vries 1-0, Mulder the bye, Visser gone (blank: withdrawn).
HAND = """\
012 Schaakclub De Toren 2025-2026
022 Hengelo
032 NED
042 2025/09/04
052 2025/09/25
092 Individual: Keizer system
102 Piet Arbiter
122 90 min + 30 s
132                                                                                        25/09/04  25/09/11  25/09/18  25/09/25
001    1 m    Jansen, Piet                      2100 NED 1234567     1970/03/04  1.5    2  0002 w 1  0000 - H  0005 b =  0003 w -
001    2 m    de Vries, Jan                     1950 NED 7654321     1980/01/02  2.0    1  0001 b 0  0003 w +  0000 - F  0004 b 0
001    3 w    Bakker, Kees                      1800 BEL             1990/05/06  0.5    5  0004 w =  0002 b -  0000 - Z  0001 b -
001    4 w    Smit, Anna                        1700 NED                         2.5    3  0003 b =  0005 w 0  0006 b 0  0002 w 1
001    5 m    Visser, Els                            NED                         1.5    4  0000 - U  0004 b 1  0001 w =
001    6 m    Mulder, Tom                       1600                             1.0    6                      0004 w 1  0000 - U
"""
