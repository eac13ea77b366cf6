import Foundation
import MMEXLegacy
import MMEXModel
import MMEXReaderWriter
import MMEXSession
import PersistenceSession
import SQLiteCipher
import SQLiteEngine

/// A write workload through the MMEX sessions (the app's own boundary): unit of work `i` stores ``settingsPerUnit``
/// settings named `u<i>-k<j>` with values large enough that one unit spans several pages. After a crash, every
/// acknowledged unit must be there whole, the one in flight whole or absent, and the file intact.
public enum SessionLedger {
    public static let settingsPerUnit = 12

    /// The session types.
    public enum Kind: String, Sendable, CaseIterable {
        case legacy, queue, pool
    }

    static func value(unit: Int, index: Int) -> String {
        "unit \(unit) setting \(index) " + String(repeating: "s", count: 900)
    }

    /// Opens a read-write session of `kind` on `path` (through the default VFS; with a key, through the page codec,
    /// over the key's `codecBaseVFS` if it names one).
    public static func open(_ kind: Kind, path: String, key: DatabaseKey? = nil) throws -> any MMEXSession {
        switch kind {
        case .legacy: try LegacySession.open(at: path, key: key, access: .readWrite, configuration: .standard)
        case .queue: try QueueSession.open(at: path, key: key, access: .readWrite, configuration: .standard)
        case .pool: try PoolSession.open(at: path, key: key, access: .readWrite, configuration: .standard)
        }
    }

    /// Runs unit of work `unit` in one `write`.
    public static func run(_ unit: Int, on session: any MMEXSession) throws {
        try session.write { context in
            for index in 0..<settingsPerUnit {
                try context.settings.setValue(value(unit: unit, index: index), named: "u\(unit)-k\(index)")
            }
        }
    }

    /// What the file holds after a crash, against what was acknowledged.
    public struct Verdict: Sendable, CustomStringConvertible {
        public var integrity: String
        public var lost: [Int]
        public var partial: [Int]
        public var unexpected: [Int]
        public var isExact: Bool { integrity == "ok" && lost.isEmpty && partial.isEmpty && unexpected.isEmpty }
        public var description: String {
            "integrity \(integrity)" + (lost.isEmpty ? "" : ", LOST \(lost)") + (partial.isEmpty ? "" : ", PARTIAL \(partial)")
                + (unexpected.isEmpty ? "" : ", UNEXPECTED \(unexpected)")
        }
    }

    /// Opens `path` as the next launch would (default VFS, read-write; an encrypted file through the page codec
    /// with `key`) and checks it.
    public static func check(path: String, acknowledged: Set<Int>, inDoubt: Set<Int>, key: CipherKey? = nil) -> Verdict {
        do {
            let connection: EngineConnection
            if let key {
                connection = try EngineConnection(path: path, options: OpenOptions(access: .readWrite, vfs: PageCodec.vfsName))
                do {
                    try PageCodec.apply(.auto, key: key, to: connection)
                } catch {
                    connection.close()
                    throw error
                }
            } else {
                connection = try EngineConnection(path: path, options: .readWrite)
            }
            defer { connection.close() }
            let integrity = try connection.rows("PRAGMA integrity_check").compactMap { row -> String? in
                if case .text(let text)? = row.first { return text } else { return nil }
            }.joined(separator: "; ")
            var settings: [String: String] = [:]
            for row in try connection.rows("SELECT SETTINGNAME, SETTINGVALUE FROM SETTING_V1 WHERE SETTINGNAME LIKE 'u%-k%'") {
                if case .text(let name) = row[0], case .text(let value) = row[1] { settings[name] = value }
            }
            var units: [Int: Int] = [:]
            var partial = Set<Int>()
            for (name, value) in settings {
                let parts = name.dropFirst().split(separator: "-k")
                guard parts.count == 2, let unit = Int(parts[0]), let index = Int(parts[1]) else { continue }
                units[unit, default: 0] += 1
                if value != Self.value(unit: unit, index: index) { partial.insert(unit) }
            }
            for (unit, count) in units where count != settingsPerUnit { partial.insert(unit) }
            let present = Set(units.keys)
            return Verdict(
                integrity: integrity, lost: acknowledged.subtracting(present).sorted(), partial: partial.sorted(),
                unexpected: present.subtracting(acknowledged).subtracting(inDoubt).sorted()
            )
        } catch {
            return Verdict(integrity: "unreadable: \(error)", lost: acknowledged.sorted(), partial: [], unexpected: [])
        }
    }
}
