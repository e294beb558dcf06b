"""The LibreOffice macro's entry under the name older installed macro files import
(``keizer_xl.lo_macro``); the code lives in :mod:`keizer_xl.frontends.lo_macro`."""
from keizer_xl.frontends.lo_macro import run

__all__ = ["run"]
