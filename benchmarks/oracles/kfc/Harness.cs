// A local oracle's stand-ins (not part of the product, not run in CI): the few types
// KeizerForClubs' RankingCalculator.cs and cSqliteInterface.cs need from its Windows program
// (the settings form's track bars, the reporting unit, the logger, the time bonus), none of
// which takes part in the scoring, and an entry point that runs KFC's own calculation on each
// tournament file given and prints its printed standings.  Built by benchmarks/oracle_kfc.py
// together with those two files of a KeizerForClubs checkout.
using System;
using System.Globalization;

namespace AwiUtils {
  public class ExLogger {
    public static readonly ExLogger Instance = new ExLogger();
    public void LogInfo(string s) {}
    public void LogError(string s) {}
    public void LogWarning(string s) {}
    public void LogException(Exception e) {}
  }
}

namespace KeizerForClubs {
  public class TrackBar { public int Value; }

  public class frmMainform {
    public static void CallScript(string f) {}
    internal TrackBar tbBonusClub = new TrackBar(), tbBonusExcused = new TrackBar(),
      tbBonusUnexcused = new TrackBar(), tbBonusRetired = new TrackBar(),
      tbBonusFreilos = new TrackBar(), tbBonusVerlust = new TrackBar();
  }

  public class ReportingUnit {
    public ReportingUnit(string a, string b, SqliteInterface db) {}
    public void DeleteDump() {}
    public void DebugPairingsAndStandings(int r) {}
  }

  public class TimeBonus {
    public static TimeBonus Create(string s) { return null; }
    public Tuple<string, string> GetPlayerTimes(double a, double b) { return null; }
  }

  static class OracleMain {
    // per file: "file NAME", then "place id points" per player of the printed standings
    // (as frmMainform sets the track bars from the tournament's ConfigTab), or "error TEXT"
    static int Main(string[] files) {
      foreach (var file in files) {
        Console.WriteLine("file " + file);
        try {
          var db = new SqliteInterface();
          db.OpenTournament(file);
          var form = new frmMainform();
          form.tbBonusClub.Value = db.GetConfigInt("BONUS.Clubgame");
          form.tbBonusExcused.Value = db.GetConfigInt("BONUS.Excused");
          form.tbBonusUnexcused.Value = db.GetConfigInt("BONUS.Unexcused");
          form.tbBonusRetired.Value = db.GetConfigInt("BONUS.Retired");
          form.tbBonusFreilos.Value = db.GetConfigInt("BONUS.Freilos", 50);
          form.tbBonusVerlust.Value = db.GetConfigInt("BONUS.Verlust", 0);
          new RankingCalculator(db, form, false).AllPlayersAllRoundsCalculateTa();
          var printed = db.GetPlayerLiOrderedForResults(db.GetMaxRound());
          for (int i = 0; i < printed.Count; ++i)
            Console.WriteLine((i + 1) + " " + printed[i].Id + " " + (int)printed[i].State + " "
              + printed[i].KeizerSumPts.ToString("R", CultureInfo.InvariantCulture));
        } catch (Exception e) {
          Console.WriteLine("error " + e.Message.Replace("\n", " "));
        }
      }
      return 0;
    }
  }
}
