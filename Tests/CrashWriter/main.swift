// A writer process for crash tests: runs LedgerWorkload transactions on a database and acknowledges each commit on
// stdout only after COMMIT returned, so a parent that kills it with SIGKILL knows exactly which commits were
// acknowledged. With --kill-at-call it kills itself at the Nth matching VFS call (through the fault VFS), to stop
// at an exact I/O step.
//
// Usage: CrashWriter --db PATH --from N --count C [--driver engine|legacy|queue|pool|session-legacy|session-queue|session-pool] [--setup SQL]... [--kill-at-call K]
//        [--kill-kinds write,sync,...] [--kill-files main,journal,wal] [--count-calls]
import DriverLedgers
import Foundation
import LegacyDriver
import ReaderWriterDriver
import SQLiteEngine
import TestSupport

/// Writes a line to stdout with one write(2): nothing buffered in this process can be lost to a kill.
func say(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data(("CrashWriter: " + message + "\n").utf8))
    exit(2)
}

var database: String?
var from = 1
var count = 10
var setup: [String] = []
var killAt: Int64?
var kinds = Set(FaultInjectingVFS.CallKind.allCases)
var files: FaultInjectingVFS.FileClasses = .any
var countCalls = false
var driver = "engine"
var words = Array(CommandLine.arguments.dropFirst())
while !words.isEmpty {
    let word = words.removeFirst()
    func value() -> String {
        guard !words.isEmpty else { fail("\(word) needs a value") }
        return words.removeFirst()
    }
    switch word {
    case "--db": database = value()
    case "--from": from = Int(value()) ?? 1
    case "--count": count = Int(value()) ?? 10
    case "--setup": setup.append(value())
    case "--kill-at-call": killAt = Int64(value())
    case "--kill-kinds":
        kinds = Set(value().split(separator: ",").compactMap { name in
            FaultInjectingVFS.CallKind.allCases.first { $0.description == name }
        })
    case "--kill-files":
        files = []
        for name in value().split(separator: ",") {
            switch name {
            case "main": files.insert(.mainDatabase)
            case "journal": files.insert(.journal)
            case "wal": files.insert(.wal)
            default: files.insert(.other)
            }
        }
    case "--count-calls": countCalls = true
    case "--driver": driver = value()
    default: fail("unknown argument \(word)")
    }
}
guard let database else { fail("--db is required") }

let vfs: FaultInjectingVFS?
do {
    vfs = killAt != nil || countCalls ? try FaultInjectingVFS() : nil
} catch {
    fail("\(error)")
}
if let vfs, driver.hasPrefix("session-") {
    // Sessions open with no VFS name: the fault VFS must be the default to see their calls.
    guard vfs.makeDefault() else { fail("cannot make the fault VFS the default") }
}
if let vfs {
    if let killAt {
        vfs.arm(.init(kinds: kinds, files: files, nth: killAt, action: .kill))
    } else {
        vfs.count(kinds: kinds, files: files)
    }
}

do {
    switch driver {
    case "legacy":
        let connection = try Connection(database, vfs: vfs?.name)
        for statement in setup { try connection.execute(statement) }
        say("ready")
        for transaction in from..<(from + count) {
            say("begin \(transaction)")
            var bodyDone = false
            try LegacyLedgerRunner.run(transaction, on: connection, bodyDone: &bodyDone)
            say("ack \(transaction)")
        }
        connection.engine.close()
    case "session-legacy", "session-queue", "session-pool":
        guard let kind = SessionLedger.Kind(rawValue: String(driver.dropFirst("session-".count))) else { fail("bad driver") }
        let session = try SessionLedger.open(kind, path: database)
        say("ready")
        for unit in from..<(from + count) {
            say("begin \(unit)")
            try SessionLedger.run(unit, on: session)
            say("ack \(unit)")
        }
        try session.close()
    case "queue", "pool":
        let kind = ReaderWriterLedgerRunner.Kind(rawValue: driver) ?? .queue
        let writer = try ReaderWriterLedgerRunner.open(kind, path: database, vfs: vfs?.name, setup: setup)
        say("ready")
        for transaction in from..<(from + count) {
            say("begin \(transaction)")
            var bodyDone = false
            try ReaderWriterLedgerRunner.run(transaction, on: writer, bodyDone: &bodyDone)
            say("ack \(transaction)")
        }
        if let queue = writer as? DatabaseQueue { try queue.close() }
        if let pool = writer as? DatabasePool { try pool.close() }
    default:
        let connection = try EngineConnection(path: database, options: OpenOptions(access: .readWrite, vfs: vfs?.name))
        for statement in setup { try connection.execute(statement) }
        say("ready")
        for transaction in from..<(from + count) {
            say("begin \(transaction)")
            try LedgerWorkload.run(transaction, on: connection)
            say("ack \(transaction)")
        }
        connection.close()
    }
    if countCalls, let vfs { say("calls \(vfs.matchingCalls)") }
} catch {
    fail("\(error)")
}
