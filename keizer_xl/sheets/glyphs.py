"""How wide a text prints, in the unit of a column width (issue 26).

A column width counts the widest digit of the workbook's font (Calibri 11: Excel, and LibreOffice
where Carlito, Calibri's metric twin, is installed); a LibreOffice without Carlito falls back on
DejaVu Sans, and then a width unit is DejaVu's digit.  Relative to its own digit each character is
about as wide in both fonts, but not exactly: the tables below give, per character, the larger of
the two (advance widths read from Carlito 2.0 and DejaVu Sans 2.37 with PyMuPDF, rounded up to
0.05 digit), for regular text and for bold text (a header) in a column of the regular digit.  So a
column of ``printed_width(text) + padding`` shows ``text`` whole in both fonts: no ``###`` for a
number that is a little too wide, no header running into the next one.
"""
from __future__ import annotations

import functools


def _table(groups: dict[float, str]) -> dict[str, float]:
    return {ch: width for width, chars in groups.items() for ch in chars}


#: a character not in the tables (an accented capital, a CJK character) counts this wide
UNKNOWN = 1.8

_REGULAR = _table({
    0.45: "'",
    0.50: ' ,.Iijl·ï',
    0.55: ':;',
    0.65: '!()-J[]f',
    0.70: 'rt',
    0.80: '"/\\`°',
    0.85: 'sz',
    0.90: 'Lcç',
    0.95: '?Fkvxy|',
    1.00: '$*0123456789ESTY_aeg{}éèêëäáàÉ€–',
    1.05: 'KPbdhnopquüöóñß',
    1.10: 'BCRXZ',
    1.15: 'AVÄ',
    1.25: 'DGH',
    1.30: 'NUÜ',
    1.35: '#&+<=>OQ^~Ö',
    1.45: 'w',
    1.50: '%',
    1.55: '½',
    1.60: 'm…',
    1.70: 'M',
    1.80: '@W—',
})
_BOLD = _table({
    0.50: "'",
    0.55: ' ijlï',
    0.60: ',.I·',
    0.65: ':;',
    0.70: '-Jf',
    0.75: '!()[]',
    0.80: '`rt°',
    0.85: '/\\',
    0.90: '"',
    0.95: '?csz|ç',
    1.00: '*_–',
    1.05: 'Lkvxy',
    1.10: '$0123456789EFTaeoéèêëöäóáàÉ€',
    1.15: 'SYZbdghnpqu{}üñß',
    1.20: 'BCP',
    1.25: 'AKRVXÄ',
    1.30: 'GUÜ',
    1.35: '#+<=>DHNO^~Ö',
    1.40: '&Q',
    1.50: 'w',
    1.60: '%…',
    1.65: 'm½',
    1.75: 'M',
    1.80: '@W—',
})


#: measured once per text: a Standings sheet measures the same few texts ("16.67", "E 16.67")
#: thousands of times (issue 25); bounded for a long-running process (the Excel buttons' server)
@functools.lru_cache(maxsize=50_000)
def printed_width(text: str, bold: bool = False) -> float:
    """How many digit widths ``text`` takes in the sheet's font, the wider of Calibri/Carlito
    and DejaVu Sans (see the module docstring); a column fits it with one more for padding."""
    table = _BOLD if bold else _REGULAR
    return round(sum(table.get(ch, UNKNOWN) for ch in text), 2)


def wrap_printed(text: str, room: float) -> list[str]:
    """``text`` broken between words into lines of at most ``room`` digit widths (a word
    longer than that stays whole on its own line)."""
    lines: list[str] = []
    for word in text.split():
        if lines and printed_width(f"{lines[-1]} {word}") <= room:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines
