import Foundation

/// The MMEX schema files this toolkit carries: `tables.sql` (database version 21) and the upgrade scripts.
public enum MMEXSchema {
    /// The database version `tables.sql` creates, and the newest this toolkit supports.
    public static let currentVersion: Int64 = 21

    /// Why a schema resource could not be read.
    public struct ResourceError: Error, Sendable, CustomStringConvertible {
        public let name: String
        public var description: String { "schema resource \(name) is missing from the DriverPort build" }
    }

    /// The full text of `tables.sql`.
    public static func tablesSQL() throws -> String {
        try text(named: "tables.sql", subdirectory: nil)
    }

    /// The script that upgrades a file to `version` (run on a file at `version - 1`), or `nil` if there is none.
    public static func upgradeScript(toVersion version: Int) throws -> String? {
        guard version >= 0, version <= Int(currentVersion) else { return nil }
        return try text(named: "database_version_\(version).sql", subdirectory: "upgrade")
    }

    /// The paragraphs of `tables.sql` (blocks separated by blank lines), in order: the MMEX iOS app runs the schema
    /// one paragraph at a time.
    public static func tablesParagraphs() throws -> [String] {
        paragraphs(of: try tablesSQL())
    }

    /// Splits SQL text into blank-line separated paragraphs that contain a statement.
    public static func paragraphs(of sql: String) -> [String] {
        var result: [String] = []
        var current: [Substring] = []
        for line in sql.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.allSatisfy(\.isWhitespace) {
                if !current.isEmpty { result.append(current.joined(separator: "\n")) }
                current = []
            } else {
                current.append(line)
            }
        }
        if !current.isEmpty { result.append(current.joined(separator: "\n")) }
        return result.filter { paragraph in
            paragraph.split(separator: "\n").contains { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("--") }
        }
    }

    private static func text(named name: String, subdirectory: String?) throws -> String {
        let base = Bundle.module.resourceURL ?? Bundle.module.bundleURL
        var url = base
        if let subdirectory { url.appendPathComponent(subdirectory) }
        url.appendPathComponent(name)
        guard let data = FileManager.default.contents(atPath: url.path) else { throw ResourceError(name: name) }
        return String(decoding: data, as: UTF8.self)
    }
}
