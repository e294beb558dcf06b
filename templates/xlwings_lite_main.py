# main.py for xlwings Lite (Excel on the web / Microsoft 365): paste this into the
# main.py editor of the xlwings Lite task pane. requirements.txt needs the line
#     keizer-xl
# (see "Excel on the web (xlwings Lite)" in the README).
#
# Each script below is one action; run it from the task pane (or give it a sheet button with
# @script(button=...)). The keizer_xl.lite functions are plain functions: this file's @script
# makes these wrappers the scripts Lite runs, and they call keizer_xl.lite directly (no await).
import xlwings as xw
from xlwings import script

from keizer_xl import lite


@script
def pair_next_round(book: xw.Book):
    """Pair the next round: the Pairings sheet, and the games added to Results."""
    lite.pair_next_round(book)


@script
def update_standings(book: xw.Book):
    """Write the Standings sheet after the last round with results."""
    lite.update_standings(book)


@script
def check_workbook(book: xw.Book):
    """List every problem in the workbook, with its sheet and cell."""
    lite.check_workbook(book)


@script
def pair_round_again(book: xw.Book):
    """Pair the round just paired again (late arrivals; boards whose Result is * are kept)."""
    lite.pair_round_again(book)


@script
def pair_next_round_anyway(book: xw.Book):
    """Pair the next round although the previous one still lacks results (they count as draws)."""
    lite.pair_next_round_anyway(book)


@script
def update_ratings(book: xw.Book):
    """Ratings and ids on the Players sheet from the list the rating_list setting names."""
    lite.update_ratings(book)
