import Differential
import DriverLedgers
import Foundation
import MMEXFiles
import TestSupport
import Testing

@Suite("MMEX sessions under kill -9: every acknowledged unit of work survives whole")
struct SessionCrashTests {
    /// Kills a session writer at random exact VFS calls (writes to the database file, where a missing journal shows)
    /// and at random moments; returns the failures.
    private func campaign(_ kind: SessionLedger.Kind, exactRuns: Int, randomRuns: Int) throws -> (runs: Int, kills: Int, failures: [String]) {
        let folder = TemporaryDirectory.inMemory("session-crash")
        let writer = DriverPortBinary.builtExecutable("CrashWriter")
        var random = SplitMix64(seed: 0x5E55 ^ UInt64(kind.rawValue.utf8.count))
        var runs = 0, kills = 0
        var failures: [String] = []
        var path = ""
        var acknowledged = Set<Int>(), inDoubt = Set<Int>()
        var next = 1
        func fresh() throws {
            // After damage a file only shows the damage again: each damaged run starts from a new file.
            path = folder.path("s\(runs).mmb")
            try MMEXFileCreator.create(at: path).close()
            acknowledged = []
            inDoubt = []
        }
        try fresh()
        for run in 0..<(exactRuns + randomRuns) {
            var arguments = ["--db", path, "--from", String(next), "--count", "8", "--driver", "session-\(kind.rawValue)"]
            let moment: CrashHarness.KillMoment
            if run < exactRuns {
                arguments += ["--kill-at-call", String(random.int(in: 1...80)), "--kill-kinds", "write,sync", "--kill-files", "main,journal,wal"]
                moment = .never
            } else {
                moment = .afterReady(microseconds: random.below(40_000))
            }
            let result = try CrashHarness.run(writer, arguments, kill: moment)
            runs += 1
            if result.killed { kills += 1 }
            if !result.killed && result.status != 0 { failures.append("run \(run): child failed: \(result.standardError)") }
            acknowledged.formUnion(result.acknowledged)
            inDoubt.formUnion(result.inFlight)
            next = max(next, (result.begun.max() ?? 0) + 1)
            let verdict = SessionLedger.check(path: path, acknowledged: acknowledged, inDoubt: inDoubt)
            if !verdict.isExact {
                failures.append("run \(run) (\(arguments.suffix(6).joined(separator: " "))): \(verdict)")
                try fresh()
            }
        }
        return (runs, kills, failures)
    }

    @Test("queue and pool sessions: no acknowledged unit lost, none half-applied", arguments: [SessionLedger.Kind.queue, .pool])
    func readerWriterSessions(kind: SessionLedger.Kind) throws {
        let result = try campaign(kind, exactRuns: Soak.pick(normal: 12, soak: 100), randomRuns: Soak.pick(normal: 8, soak: 50))
        ReliabilityFigures.report("crash session \(kind.rawValue)", ["runs": result.runs, "kills": result.kills, "damaged": result.failures.count])
        for failure in result.failures.prefix(5) { Issue.record("\(failure)") }
        #expect(result.kills > 0)
    }

    @Test("legacy session: its journal_mode=MEMORY (as the MMEX iOS app) loses whole-unit atomicity under kill -9")
    func legacySession() throws {
        let result = try campaign(.legacy, exactRuns: Soak.pick(normal: 12, soak: 100), randomRuns: Soak.pick(normal: 8, soak: 50))
        ReliabilityFigures.report("crash session legacy", ["runs": result.runs, "kills": result.kills, "damaged": result.failures.count])
        // Known: LegacySession.open sets journal_mode = MEMORY for read-write sessions; a kill between two page
        // writes of a commit leaves a half-written file that nothing can roll back. When the session moves to a
        // journal on disk, this known issue stops recording and the test asks for it to be removed.
        withKnownIssue("LegacySession writes with journal_mode=MEMORY, which is not crash-safe") {
            for failure in result.failures.prefix(3) { Issue.record("\(failure)") }
        }
        #expect(result.kills > 0)
    }
}
