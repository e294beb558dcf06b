Attribute VB_Name = "KeizerXL"
' keizer-xl: the macros behind the buttons of the season workbook.
' Each one hands over to Python through xlwings' RunPython; all the work is done by
' keizer_xl.excel (Python), never here. The workbook also needs the xlwings module
' (xlwings.bas of exactly the installed xlwings version) and the xlwings.conf sheet that
' names the Python to use: `keizer-xl excel-setup BOOK` adds all three.
Option Explicit

Public Sub PairNextRound()
    RunPython "import keizer_xl.excel as k; k.pair_next_round()"
End Sub

Public Sub UpdateStandings()
    RunPython "import keizer_xl.excel as k; k.update_standings()"
End Sub

Public Sub CheckWorkbook()
    RunPython "import keizer_xl.excel as k; k.check_workbook()"
End Sub

Public Sub UpdateRatings()
    RunPython "import keizer_xl.excel as k; k.update_ratings()"
End Sub

' Without a button (Developer > Macros, or Alt+F8):
' pair the round just paired again (late arrivals; boards whose Result is * are kept)
Public Sub PairRoundAgain()
    RunPython "import keizer_xl.excel as k; k.pair_round_again()"
End Sub

' pair the next round although the previous one still lacks results (they count as draws)
Public Sub PairNextRoundAnyway()
    RunPython "import keizer_xl.excel as k; k.pair_next_round_anyway()"
End Sub

' Setup only: `keizer-xl excel-setup` runs this once to put the three buttons on the
' Start sheet (run it again from Alt+F8 to put them back).
Public Sub AddKeizerButtons()
    Dim sht As Worksheet
    Set sht = ThisWorkbook.Worksheets("Start")
    AddKeizerButton sht, "PairNextRound", "Pair next round", 0
    AddKeizerButton sht, "UpdateStandings", "Update standings", 1
    AddKeizerButton sht, "CheckWorkbook", "Check workbook", 2
End Sub

Private Sub AddKeizerButton(sht As Worksheet, macroName As String, label As String, slot As Integer)
    Dim i As Long
    Dim btn As Object
    For i = sht.Buttons.Count To 1 Step -1
        If sht.Buttons(i).Name = "btn" & macroName Then sht.Buttons(i).Delete
    Next i
    Set btn = sht.Buttons.Add(sht.Range("A4").Left + 6 + slot * 180, sht.Range("A4").Top, 170, 40)
    btn.Name = "btn" & macroName
    btn.OnAction = macroName
    btn.Caption = label
End Sub
