import Foundation
import MMEXSchema

/// One MMEX incremental upgrade script, `database_version_N.sql`, and what it does to a file's shape.
///
/// Script N takes a file from version N-1 to version N; MMEX desktop runs it and then sets `PRAGMA user_version = N`
/// (its `dbUpgradeQuery[N]` is run by `UpgradeToVersion(N)` for a file at N-1). Script 0 is never run: there is no
/// version before 0. Several scripts (1, 2, 8-14) hold only a comment: running one just moves `user_version` on.
public struct UpgradeScript: Sendable, Equatable {
    /// A column an `ALTER TABLE ... ADD COLUMN` statement adds.
    public struct AddedColumn: Sendable, Equatable, Hashable {
        /// The table, upper-case.
        public let table: String
        /// The column, upper-case.
        public let column: String
    }

    /// The version a file reaches by running this script.
    public let version: Int
    /// The script's SQL text (the project's copy under `Schema/upgrade/`).
    public let sql: String
    /// The script's comment lines (URLs left out), joined with "; ": what the step is for. A script without
    /// comments is summarized by the columns it adds.
    public private(set) var summary: String
    /// Whether the script holds any statement (some hold only a comment).
    public let hasStatements: Bool
    /// Columns the script adds with `ALTER TABLE ... ADD [COLUMN]`, upper-cased.
    public let addedColumns: [AddedColumn]
    /// Tables the script creates itself (`CREATE TABLE [IF NOT EXISTS]`), upper-cased.
    public let createdTables: Set<String>
    /// Every bare or quoted name the script mentions outside strings and comments, upper-cased: a superset of the
    /// tables it reads or changes.
    public let mentionedNames: Set<String>

    /// The script that upgrades a file to `version`, from the embedded `Schema/upgrade/` copy.
    ///
    /// - Throws: ``UpgradeError/noScript(version:)`` when the build carries no script for that version.
    public static func load(version: Int) throws -> UpgradeScript {
        guard let sql = try MMEXSchema.upgradeScript(toVersion: version) else {
            throw UpgradeError.noScript(version: version)
        }
        return UpgradeScript(version: version, sql: sql)
    }

    /// Reads what a script does from its text.
    public init(version: Int, sql: String) {
        self.version = version
        self.sql = sql
        summary = sql.split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("--") }
            .map { $0.dropFirst(2).trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("http") }
            .joined(separator: "; ")
        let tokens = SQLLexer.tokens(sql)
        hasStatements = tokens.contains { !$0.isSymbol(";") }
        mentionedNames = Set(tokens.filter { $0.kind == .word || $0.kind == .doubleQuoted || $0.kind == .bracketed }
            .map(\.upper))
        var added: [AddedColumn] = []
        var created: Set<String> = []
        for index in tokens.indices {
            let rest = tokens[index...]
            if let (table, column) = Self.addedColumn(rest) {
                added.append(AddedColumn(table: table, column: column))
            } else if let table = Self.createdTable(rest) {
                created.insert(table)
            }
        }
        addedColumns = added
        createdTables = created
        if summary.isEmpty, !added.isEmpty {
            summary = "add " + added.map { "\($0.table).\($0.column)" }.joined(separator: ", ")
        }
    }

    /// `ALTER TABLE name ADD [COLUMN] name` at the start of `tokens`.
    private static func addedColumn(_ tokens: ArraySlice<SQLToken>) -> (String, String)? {
        var cursor = tokens.startIndex
        func next() -> SQLToken? {
            guard cursor < tokens.endIndex else { return nil }
            defer { cursor += 1 }
            return tokens[cursor]
        }
        guard next()?.isKeyword("ALTER") == true, next()?.isKeyword("TABLE") == true,
              let table = next(), table.isName, next()?.isKeyword("ADD") == true,
              var column = next()
        else { return nil }
        if column.isKeyword("COLUMN") {
            guard let name = next() else { return nil }
            column = name
        }
        guard column.isName else { return nil }
        return (table.upper, column.upper)
    }

    /// `CREATE [TEMP] TABLE [IF NOT EXISTS] name` at the start of `tokens`.
    private static func createdTable(_ tokens: ArraySlice<SQLToken>) -> String? {
        var words = tokens.prefix(8).makeIterator()
        guard words.next()?.isKeyword("CREATE") == true, var token = words.next() else { return nil }
        if token.isKeyword("TEMP") || token.isKeyword("TEMPORARY") {
            guard let following = words.next() else { return nil }
            token = following
        }
        guard token.isKeyword("TABLE"), var name = words.next() else { return nil }
        if name.isKeyword("IF") {
            guard words.next()?.isKeyword("NOT") == true, words.next()?.isKeyword("EXISTS") == true,
                  let following = words.next()
            else { return nil }
            name = following
        }
        return name.isName ? name.upper : nil
    }
}
