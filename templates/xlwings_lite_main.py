# main.py for xlwings Lite (Excel on the web / Microsoft 365): paste this into the
# main.py editor of the xlwings Lite task pane. requirements.txt needs the line
#     keizer-xl
# (see "Excel on the web (xlwings Lite)" in the README for the setup and what is unverified).
import xlwings as xw
from xlwings import script

from keizer_xl import lite


@script
def pair_next_round(book: xw.Book):
    lite.pair_next_round(book)


@script
def update_standings(book: xw.Book):
    lite.update_standings(book)


@script
def check_workbook(book: xw.Book):
    lite.check_workbook(book)


@script
def pair_round_again(book: xw.Book):
    lite.pair_round_again(book)
