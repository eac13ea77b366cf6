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
/// build), alternates the two implementations in turns of a few units (which goes first alternates too), and prints
/// the median of the per-round ratios of wall time and of the process's CPU time, with the rounds' times.
/// Each implementation has its own file.
@Suite("Shadow mode's cost over the real libraries", .serialized,
       .enabled(if: ProcessInfo.processInfo.environment["DRIVERPORT_SHADOW_BENCH"] == "1",
                "a benchmark: make integrations-bench runs it"))
struct ShadowCostBench {
    static let rounds = 21
    static let readUnits = 2000
    static let writeUnits = 200
    static let seededNotes = 200
    /// Units per turn: the two implementations take turns this many units at a time.
    static let readChunk = 100
    static let writeChunk = 10

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
        var readCPURatios: [Double] = []
        var writeCPURatios: [Double] = []
        var lines: [String] = []
        for round in 0..<Self.rounds {
            // The two implementations alternate chunk by chunk (which goes first alternates too), so a change in the
            // machine's load lands on both alike.
            var reads = Times()
            var writes = Times()
            for chunk in 0..<(Self.readUnits / Self.readChunk) {
                let shadowedFirst = (round + chunk) % 2 == 1
                for shadowedTurn in shadowedFirst ? [true, false] : [false, true] {
                    let session = shadowedTurn ? shadowed : alone
                    reads.add(try Self.measure { try Self.runReads(session, count: Self.readChunk) }, shadowed: shadowedTurn)
                }
            }
            for chunk in 0..<(Self.writeUnits / Self.writeChunk) {
                let shadowedFirst = (round + chunk) % 2 == 1
                for shadowedTurn in shadowedFirst ? [true, false] : [false, true] {
                    let session = shadowedTurn ? shadowed : alone
                    let first = chunk * Self.writeChunk
                    writes.add(try Self.measure {
                        try Self.runWrites(session, round: round, tag: shadowedTurn ? "shadowed" : "alone", from: first)
                    }, shadowed: shadowedTurn)
                }
            }
            readRatios.append(reads.shadowed.wall / reads.alone.wall)
            writeRatios.append(writes.shadowed.wall / writes.alone.wall)
            readCPURatios.append(reads.shadowed.cpu / reads.alone.cpu)
            writeCPURatios.append(writes.shadowed.cpu / writes.alone.cpu)
            lines.append(String(format: "round %d: reads %.4f s alone, %.4f s shadowed; writes %.4f s alone, %.4f s shadowed",
                                round, reads.alone.wall, reads.shadowed.wall, writes.alone.wall, writes.shadowed.wall))
        }
        let statistics = shadow.statistics
        print("shadow-cost \(candidate): \(Self.readUnits) read units and \(Self.writeUnits) write units per round, \(Self.rounds) rounds")
        for line in lines { print("  \(line)") }
        print(String(format: "shadow-cost %@: median per-round ratio, reads %.3fx, writes %.3fx (%d units, %d compared, %d mismatches)",
                     "\(candidate)", Self.median(readRatios), Self.median(writeRatios),
                     statistics.units, statistics.compared, statistics.mismatches))
        print(String(format: "shadow-cost %@: median per-round ratio of the process's CPU time, reads %.3fx, writes %.3fx",
                     "\(candidate)", Self.median(readCPURatios), Self.median(writeCPURatios)))
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
    static func runReads(_ session: NotesSession, count: Int) throws {
        for _ in 0..<count { _ = try session.read { try $0.notes.all().count } }
    }

    /// Small write units, each its own transaction: one of twenty notes replaced, so the table (and with it the
    /// read units' work) stays the same size from round to round.
    static func runWrites(_ session: NotesSession, round: Int, tag: String, from first: Int) throws {
        for index in first..<(first + writeChunk) {
            try session.write { context in
                try context.notes.execute(
                    "INSERT OR REPLACE INTO note (id, body) VALUES (\(1_000_000 + index % 20), '\(tag) \(round) \(index)')"
                )
            }
        }
    }

    /// Wall time and the process's CPU time (every thread: a pool reads on its own queue's threads), in seconds.
    struct Elapsed {
        var wall = 0.0
        var cpu = 0.0
    }

    /// Each implementation's times summed over a round's turns.
    struct Times {
        var alone = Elapsed()
        var shadowed = Elapsed()
        mutating func add(_ elapsed: Elapsed, shadowed turn: Bool) {
            if turn {
                shadowed.wall += elapsed.wall
                shadowed.cpu += elapsed.cpu
            } else {
                alone.wall += elapsed.wall
                alone.cpu += elapsed.cpu
            }
        }
    }

    static func measure(_ body: () throws -> Void) rethrows -> Elapsed {
        let cpuStart = processCPUSeconds()
        let start = ContinuousClock.now
        try body()
        let elapsed = ContinuousClock.now - start
        return Elapsed(
            wall: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
            cpu: processCPUSeconds() - cpuStart
        )
    }

    static func processCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}
