import Foundation
import SQLiteEngine
import TestSupport
import Testing

@Suite("driverport relocate")
struct RelocateCommandTests {
    /// A legacy folder with `ledger.db` (WAL mode, `rows` rows in its -wal) and a container folder.
    struct Folders {
        let root = TemporaryDirectory("driverport-relocate-cli")
        var legacyFolder: String { root.path("legacy") }
        var container: String { root.path("container") }
        var legacy: String { legacyFolder + "/ledger.db" }
        var destination: String { container + "/ledger.db" }

        init(legacyRows: Int?, destinationRows: Int? = nil) throws {
            try FileManager.default.createDirectory(atPath: root.path("legacy"), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: root.path("container"), withIntermediateDirectories: true)
            if let legacyRows { try Self.makeDatabase(at: root.path("legacy/ledger.db"), rows: legacyRows) }
            if let destinationRows { try Self.makeDatabase(at: root.path("container/ledger.db"), rows: destinationRows) }
        }

        static func makeDatabase(at path: String, rows: Int) throws {
            let connection = try EngineConnection(path: path, options: .create)
            _ = try connection.scalar("PRAGMA journal_mode = WAL")
            try connection.execute("CREATE TABLE ledger(id INTEGER PRIMARY KEY, note TEXT)")
            for index in 0..<rows { try connection.run("INSERT INTO ledger(note) VALUES (?)", [.text("row \(index)")]) }
            connection.close()
        }

        static func rowCount(at path: String) throws -> SQLiteValue? {
            let connection = try EngineConnection(path: path, options: .readWrite)
            defer { connection.close() }
            return try connection.scalar("SELECT count(*) FROM ledger")
        }
    }

    @Test("--json moves the database and prints path, moved, fallbackReason and conflict; exit 0")
    func movesAndReportsJSON() throws {
        let folders = try Folders(legacyRows: 5)
        let result = try DriverPortBinary.run(["relocate", "--from", folders.legacy, "--to", folders.container, "--json"])
        #expect(result.exitCode == 0, "\(result.standardError)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        )
        for key in ["path", "moved", "fallbackReason", "conflict"] { #expect(object.keys.contains(key), "\(key)") }
        #expect(object["path"] as? String == folders.destination)
        #expect(object["moved"] as? Bool == true)
        #expect(object["fallbackReason"] is NSNull)
        #expect(object["conflict"] as? Bool == false)
        #expect(try Folders.rowCount(at: folders.destination) == .integer(5))
        #expect(!FileManager.default.fileExists(atPath: folders.legacy))
    }

    @Test("text output names the path; a second run finds the database already moved")
    func secondRunIsANoOp() throws {
        let folders = try Folders(legacyRows: 2)
        let first = try DriverPortBinary.run(["relocate", "--from", folders.legacy, "--to", folders.container])
        #expect(first.exitCode == 0)
        #expect(first.standardOutput.contains("path      \(folders.destination)\n"))
        #expect(first.standardOutput.contains("moved     yes\n"))
        let second = try DriverPortBinary.run(["relocate", "--from", folders.legacy, "--to", folders.container])
        #expect(second.exitCode == 0)
        #expect(second.standardOutput.contains("moved     no\n"))
    }

    @Test("a missing container keeps the legacy path (exit 0, fallbackReason containerMissing)")
    func missingContainer() throws {
        let folders = try Folders(legacyRows: 1)
        let missing = folders.root.path("not-provisioned")
        let result = try DriverPortBinary.run(["relocate", "--from", folders.legacy, "--to", missing, "--json"])
        #expect(result.exitCode == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(object["path"] as? String == folders.legacy)
        #expect(object["fallbackReason"] as? String == "containerMissing")
        #expect(!FileManager.default.fileExists(atPath: missing))
    }

    @Test("both hold rows: exit 73, one line on stderr, both folders byte-identical; --json still reports conflict")
    func conflict() throws {
        let folders = try Folders(legacyRows: 3, destinationRows: 4)
        let before = folderFingerprint(folders.root.url.appendingPathComponent("legacy"))
        let beforeContainer = folderFingerprint(folders.root.url.appendingPathComponent("container"))
        for json in [false, true] {
            let result = try DriverPortBinary.run(
                ["relocate", "--from", folders.legacy, "--to", folders.container] + (json ? ["--json"] : [])
            )
            #expect(result.exitCode == 73)
            let lines = result.standardError.split(separator: "\n")
            #expect(lines.count == 1, "\(result.standardError)")
            #expect(lines.first?.hasPrefix("driverport relocate: both ") == true)
            if json {
                let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
                #expect(object["conflict"] as? Bool == true)
                #expect(object["path"] as? String == folders.legacy)
            } else {
                #expect(result.standardOutput.isEmpty)
            }
        }
        #expect(folderFingerprint(folders.root.url.appendingPathComponent("legacy")) == before)
        #expect(folderFingerprint(folders.root.url.appendingPathComponent("container")) == beforeContainer)
    }

    @Test("bad input: usage errors exit 64, a text file exits 65, no database anywhere exits 66; one line each")
    func badInput() throws {
        let folders = try Folders(legacyRows: nil)
        let cases: [([String], Int32)] = [
            (["relocate"], 64),
            (["relocate", "--from", folders.legacy], 64),
            (["relocate", "--to", folders.container], 64),
            (["relocate", "extra", "--from", folders.legacy, "--to", folders.container], 64),
            (["relocate", "--from", folders.legacy, "--to", folders.container], 66),
        ]
        for (arguments, code) in cases {
            let result = try DriverPortBinary.run(arguments)
            #expect(result.exitCode == code, "\(arguments): \(result.standardError)")
            #expect(result.standardError.split(separator: "\n").count == 1, "\(arguments): \(result.standardError)")
        }
        try Data("Hello, this is a text file, not a database.\n".utf8).write(to: URL(fileURLWithPath: folders.legacy))
        let text = try DriverPortBinary.run(["relocate", "--from", folders.legacy, "--to", folders.container])
        #expect(text.exitCode == 65, "\(text.standardError)")
        #expect(text.standardError.split(separator: "\n").count == 1)
        #expect(FileManager.default.fileExists(atPath: folders.legacy))
        #expect(!FileManager.default.fileExists(atPath: folders.destination))
    }
}
