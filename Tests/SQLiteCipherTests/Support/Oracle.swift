import Foundation
import SQLiteEngine

/// The real libraries, driven through `Oracles/oracle.py` with the Python named by `DRIVERPORT_ORACLE_PYTHON`:
/// SQLite3 Multiple Ciphers (`apsw-sqlite3mc`) and SQLCipher 4 (`sqlcipher3`).
enum Oracle {
    enum Library: String, Encodable {
        /// SQLite3 Multiple Ciphers.
        case multipleCiphers = "mc"
        /// SQLCipher 4.
        case sqlcipher
    }

    /// One step of a session: SQL, or copying the database and its sidecars while the connection is open.
    enum Statement: Encodable {
        case sql(String)
        case copy(from: String, to: String, suffixes: [String])

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .sql(let text): try container.encode(text)
            case .copy(let from, let to, let suffixes):
                try container.encode(["copy": CopySpec(from: from, to: to, suffixes: suffixes)])
            }
        }

        private struct CopySpec: Encodable {
            let from: String
            let to: String
            let suffixes: [String]
        }
    }

    /// One connection: open `path` with `library`, run the statements in order, close.
    struct Session: Encodable {
        let lib: Library
        let path: String
        let statements: [Statement]

        init(_ library: Library, _ path: String, _ statements: [Statement]) {
            self.lib = library
            self.path = path
            self.statements = statements
        }

        init(_ library: Library, _ path: String, sql: [String]) {
            self.init(library, path, sql.map { .sql($0) })
        }
    }

    /// A statement's outcome: its rows, or the library's error (which ended the session).
    enum Outcome: Equatable {
        case rows([[SQLiteValue]])
        case error(String)

        var rows: [[SQLiteValue]] {
            if case .rows(let rows) = self { return rows }
            return []
        }

        var errorMessage: String? {
            if case .error(let message) = self { return message }
            return nil
        }
    }

    struct Unavailable: Error, CustomStringConvertible {
        let description: String
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The oracle Python; a clear failure (never a silent pass) when it is not configured.
    static func python() throws -> String {
        guard let path = ProcessInfo.processInfo.environment["DRIVERPORT_ORACLE_PYTHON"], !path.isEmpty else {
            throw Unavailable(description: "DRIVERPORT_ORACLE_PYTHON is not set: the cipher interop tests need the "
                + "oracle venv (make test sets it up; by hand: DRIVERPORT_ORACLE_PYTHON=/path/to/venv/bin/python)")
        }
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw Unavailable(description: "DRIVERPORT_ORACLE_PYTHON=\(path) is not an executable")
        }
        return path
    }

    static var script: URL {
        get throws {
            guard let url = Bundle.module.url(forResource: "oracle", withExtension: "py", subdirectory: "Oracles") else {
                throw Unavailable(description: "Oracles/oracle.py is missing from the test bundle")
            }
            return url
        }
    }

    /// Runs the sessions in one Python process; returns each session's outcomes.
    @discardableResult
    static func run(_ sessions: [Session]) throws -> [[Outcome]] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try python())
        process.arguments = [try script.path]
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(try JSONEncoder().encode(["sessions": sessions]))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0,
              let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let results = object["sessions"] as? [[Any]]
        else {
            throw Failure(description: "oracle failed (\(process.terminationStatus)): \(errorText)")
        }
        return results.map { $0.map(outcome) }
    }

    /// Runs one session and fails on any error in it.
    @discardableResult
    static func expectSuccess(_ session: Session) throws -> [Outcome] {
        let outcomes = try run([session])[0]
        if let message = outcomes.compactMap(\.errorMessage).first {
            throw Failure(description: "oracle (\(session.lib.rawValue)) failed on \(session.path): \(message)")
        }
        return outcomes
    }

    private static func outcome(_ object: Any) -> Outcome {
        if let dictionary = object as? [String: Any], let message = dictionary["error"] as? String {
            return .error(message)
        }
        let rows = (object as? [[Any]]) ?? []
        return .rows(rows.map { $0.map(value) })
    }

    private static func value(_ object: Any) -> SQLiteValue {
        guard let dictionary = object as? [String: Any], let (tag, raw) = dictionary.first else { return .null }
        switch tag {
        case "i": return .integer((raw as? NSNumber)?.int64Value ?? 0)
        case "r": return .real(Double(raw as? String ?? "") ?? .nan)
        case "t": return .text(raw as? String ?? "")
        case "b": return .blob(bytes(hex: raw as? String ?? ""))
        default: return .null
        }
    }

    static func bytes(hex: String) -> [UInt8] {
        var result: [UInt8] = []
        var iterator = hex.utf8.makeIterator()
        while let high = iterator.next(), let low = iterator.next() {
            result.append(UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16) ?? 0)
        }
        return result
    }
}
