"""The rating-list matcher (issue 37, core/player_match.py): names as the lists spell them,
ids first, birth years, and never a guess."""
from __future__ import annotations

import pytest

from keizer_xl.core.player_match import (
    Candidate, birth_year, fold, gate_keys, list_keys, match, name_contains, same_name)


@pytest.mark.parametrize(("club", "listed"), [
    ("Jan de Vries", "de Vries, Jan"),
    ("Jörg Müller", "Mueller, Jorg"),
    ("Jörg Müller", "Muller, Joerg"),
    ("Müller, Jörg", "MÜLLER, JÖRG"),
    ("Hans Straße", "Strasse, Hans"),
    ("José Núñez", "Nunez, Jose"),
    ("Søren Bøgh", "Bogh, Soren"),
    ("Иван Иванов", "Ivanov, Ivan"),
    ("Артём Щербаков", "Shcherbakov, Artem"),
    ("Γιώργος Παπαδόπουλος", "Papadopoulos, Giorgos"),
    ("Anna-Lena Schmidt", "Schmidt, Anna Lena"),
])
def test_the_same_player_however_the_list_spells_him(club, listed):
    assert same_name(club, listed)
    assert gate_keys(club) & list_keys(listed)  # the first test on each line lets him through
    assert gate_keys(club) & list_keys(listed.upper())


@pytest.mark.parametrize(("club", "listed"), [
    ("Michal Nowak", "Nowak, Michael"),   # another first name, not a spelling
    ("Jan de Vries", "de Vries, Jans"),
    ("Jan Vries", "de Vries, Jan"),       # a word more is another name
])
def test_another_player(club, listed):
    assert not same_name(club, listed)


def test_fold_and_keys():
    assert fold("Müller-Lüdenscheidt, Jörg") == "muller ludenscheidt jorg"
    assert fold("Müller", umlaut_e=True) == "mueller"
    assert gate_keys("Jan de Vries") == {"de jan vries"}
    assert {"jorg muller", "joerg mueller", "jorg mueller"} <= gate_keys("Jörg Müller")
    assert "jorg muller" in gate_keys("Jorg Mueller")
    assert list_keys("Müller, Jörg") == {"jorg muller", "joerg mueller"}
    assert list_keys("Strauß, Jörg") >= {"jorg strauss", "joerg strauss"}
    assert list_keys("O'Brien, Pat") == {"brien o pat"}


def test_part_of_a_name_in_either_order():
    assert name_contains("Vries, Jan de", "jan de")
    assert name_contains("de Vries, Jan", "Jan de Vr")
    assert name_contains("Müller, Jörg", "mueller")
    assert not name_contains("Müller, Jörg", "meier")


@pytest.mark.parametrize(("value", "year"), [
    ("1985", 1985), (1985.0, 1985), ("02.03.1985", 1985), ("1985-03-02", 1985), (0, None),
    ("", None), (None, None), ("12", None)])
def test_birth_year(value, year):
    assert birth_year(value) == year


LIST = [Candidate("Müller, Jörg", "4100018", "", 1970),
        Candidate("Mueller, Joerg", "4100019", "", 1985),
        Candidate("de Vries, Jan", "1000001", "12345", 1980),
        Candidate("Jansen, Anna", "", "", None)]


def test_by_fide_id_first_even_when_the_name_differs():
    m = match("J. de Vries", "1000001", "", None, LIST)
    assert (m.found, m.by) == (2, "fide_id")


def test_by_national_id():
    m = match("Jan de Vries", "", "12345", None, LIST)
    assert (m.found, m.by) == (2, "national_id")


def test_two_spellings_of_one_name_are_an_ambiguity_the_birth_year_settles():
    m = match("Jörg Müller", "", "", None, LIST)
    assert m.found is None and m.ambiguous == (0, 1)
    m = match("Jörg Müller", "", "", 1985, LIST)
    assert (m.found, m.by) == (1, "name")


def test_a_name_whose_ids_contradict_is_not_him():
    assert match("Jan de Vries", "9999999", "", None, LIST).found is None
    assert match("Jan de Vries", "", "99999", None, LIST).found is None


def test_a_missing_birth_year_does_not_exclude():
    assert match("Anna Jansen", "", "", 1995, LIST).found == 3


def test_nothing_found():
    m = match("Piet Puk", "", "", None, LIST)
    assert m.found is None and not m.ambiguous and m.by == ""
