import Foundation
import GRDBSessions
import PersistenceSession
import RealLibraryPresets
import ShadowSessions
import SQLiteSwiftSessions
import Testing

/// What shadow mode costs an app on the real libraries: the same read and write units on a real SQLite.swift session
/// alone, and on a shadow session (control: SQLite.swift; candidate: a real GRDB queue or pool) comparing 1% of them.
///
/// A measurement, not a check: it runs with `DRIVERPORT_SHADOW_BENCH=1` (`make integrations-bench`, a release
/// build), alternates the two implementations round by round (which goes first alternates too), and prints the median
/// of the per-round ratios with the rounds' times. Each implementation has its own file.
@Suite("Shadow mode's cost over the real libraries", .serialized,
       .enabled(if: ProcessInfo.processInfo.environment["DRIVERPORT_SHADOW_BENCH"] == "1",
                "a benchmark: make integrations-bench runs it"))
struct ShadowCostBench {
    static let rounds = 15
    static let readUnits = 2000
    static let writeUnits = 200
    static let seededNotes = 200

    @Test("SQLite.swift alone vs shadowed by GRDB at 1% sampling, queue and pool", arguments: [GRDBWriterKind.queue, .pool])
    func oneInAHundred(candidate: GRDBWriterKind) throws {
        let folder = try ScratchFolder()
        let alonePath = try Self.seed(folder.path("alone.db"))
        let shadowedPath = try Self.seed(folder.path("shadowed.db"))
        let alone = try RealDriver.sqliteSwift.open(at: alonePath, access: .readWrite)
        defer { try? alone.close() }
        var options = ShadowOptions()
        options.sampleRate = 0.01
        options.samplingSeed = 11
        options.describeError = RealLibraryPresets.describeError
        options.stateComparison.ignoredTables.formUnion(RealLibraryPresets.grdbLedgerTables)
        let shadow = ShadowSession(
            control: try SQLiteSwiftSessions.open(at: shadowedPath, access: .readWrite, setup: RealDriver.sqliteSwift.sqliteSwiftSetup),
            file: shadowedPath,
            shadowFolder: folder.url.appendingPathComponent("shadow"),
            openCandidate: { try GRDBSessions.open(candidate, at: $0, access: .readWrite, setup: RealDriver.grdbQueue.grdbSetup) },
            options: options
        )
        defer { try? shadow.close() }
        let shadowed: NotesSession = shadow

        var readRatios: [Double] = []
        var writeRatios: [Double] = []
        var lines: [String] = []
        for round in 0..<Self.rounds {
            let order: [(String, NotesSession)] = round % 2 == 0 ? [("alone", alone), ("shadowed", shadowed)] : [("shadowed", shadowed), ("alone", alone)]
            var reads: [String: Double] = [:]
            var writes: [String: Double] = [:]
            for (name, session) in order {
                reads[name] = try Self.seconds { try Self.runReads(session) }
                writes[name] = try Self.seconds { try Self.runWrites(session, round: round, tag: name) }
            }
            readRatios.append((reads["shadowed"] ?? 0) / (reads["alone"] ?? 1))
            writeRatios.append((writes["shadowed"] ?? 0) / (writes["alone"] ?? 1))
            lines.append(String(format: "round %d: reads %.4f s alone, %.4f s shadowed; writes %.4f s alone, %.4f s shadowed",
                                round, reads["alone"] ?? 0, reads["shadowed"] ?? 0, writes["alone"] ?? 0, writes["shadowed"] ?? 0))
        }
        let statistics = shadow.statistics
        print("shadow-cost \(candidate): \(Self.readUnits) read units and \(Self.writeUnits) write units per round, \(Self.rounds) rounds")
        for line in lines { print("  \(line)") }
        print(String(format: "shadow-cost %@: median per-round ratio, reads %.3fx, writes %.3fx (%d units, %d compared, %d mismatches)",
                     "\(candidate)", Self.median(readRatios), Self.median(writeRatios),
                     statistics.units, statistics.compared, statistics.mismatches))
        #expect(statistics.mismatches == 0, "the same app on both libraries must agree")
        #expect(statistics.compared > 0, "1% of the units were compared")
    }

    /// A new notes file with `seededNotes` notes, made by SQLite.swift.
    static func seed(_ path: String) throws -> String {
        let session = try RealDriver.sqliteSwift.create(at: path)
        defer { try? session.close() }
        try session.write { context in
            for index in 0..<seededNotes { try context.notes.add("seed \(index)") }
        }
        return path
    }

    /// Read units as a screen makes them: the notes list.
    static func runReads(_ session: NotesSession) throws {
        for _ in 0..<readUnits { _ = try session.read { try $0.notes.all().count } }
    }

    /// Small write units, each its own transaction: one of twenty notes replaced, so the table (and with it the
    /// read units' work) stays the same size from round to round.
    static func runWrites(_ session: NotesSession, round: Int, tag: String) throws {
        for index in 0..<writeUnits {
            try session.write { context in
                try context.notes.execute(
                    "INSERT OR REPLACE INTO note (id, body) VALUES (\(1_000_000 + index % 20), '\(tag) \(round) \(index)')"
                )
            }
        }
    }

    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = ContinuousClock.now
        try body()
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}
