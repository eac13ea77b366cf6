/// A small SQL lexer: enough to read what an MMEX upgrade script does (which tables it creates, which columns it
/// adds, which names it mentions) and to edit the column list of a `CREATE TABLE` statement.
///
/// It knows SQLite's quoting (`'string'`, `"identifier"`, `` `identifier` ``, `[identifier]`, doubled quotes inside)
/// and comments (`--` to the end of the line, `/* ... */`), so a comma or a keyword inside either is never mistaken
/// for SQL. It does not parse SQL.
struct SQLToken: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// A keyword, bare identifier or number.
        case word
        /// A single-quoted string literal (SQLite also accepts one as an identifier in some places).
        case string
        /// A double-quoted token: an identifier, or a string literal on builds that still accept those.
        case doubleQuoted
        /// A `` `name` `` or `[name]` identifier.
        case bracketed
        /// Any other single character: `(`, `)`, `,`, `;`, operators.
        case symbol
    }

    let kind: Kind
    /// The token's text without its quotes (doubled quotes undone).
    let text: String
    /// Where the token starts and ends in the source.
    let range: Range<String.Index>

    /// The upper-cased text, for comparing keywords and names.
    var upper: String { text.uppercased() }

    /// Whether this token can name a table or a column.
    var isName: Bool { kind != .symbol }

    /// Whether this is the given keyword (case-insensitive, bare words only).
    func isKeyword(_ keyword: String) -> Bool { kind == .word && upper == keyword }

    /// Whether this is the given symbol.
    func isSymbol(_ symbol: Character) -> Bool { kind == .symbol && text.first == symbol }
}

enum SQLLexer {
    /// The tokens of `sql`, comments and white space skipped.
    static func tokens(_ sql: String) -> [SQLToken] {
        var tokens: [SQLToken] = []
        var index = sql.startIndex
        while index < sql.endIndex {
            let character = sql[index]
            if character.isWhitespace {
                index = sql.index(after: index)
            } else if sql[index...].hasPrefix("--") {
                index = sql[index...].firstIndex(of: "\n") ?? sql.endIndex
            } else if sql[index...].hasPrefix("/*") {
                index = sql[sql.index(index, offsetBy: 2)...].range(of: "*/")?.upperBound ?? sql.endIndex
            } else if let (kind, close) = quote(opening: character) {
                let (text, end) = quoted(sql, from: index, close: close)
                tokens.append(SQLToken(kind: kind, text: text, range: index..<end))
                index = end
            } else if isWordCharacter(character) {
                var end = index
                while end < sql.endIndex, isWordCharacter(sql[end]) { end = sql.index(after: end) }
                tokens.append(SQLToken(kind: .word, text: String(sql[index..<end]), range: index..<end))
                index = end
            } else {
                let end = sql.index(after: index)
                tokens.append(SQLToken(kind: .symbol, text: String(character), range: index..<end))
                index = end
            }
        }
        return tokens
    }

    /// `sql` with every comment removed (a space left in its place); strings and identifiers are kept as written.
    static func withoutComments(_ sql: String) -> String {
        var result = ""
        var index = sql.startIndex
        while index < sql.endIndex {
            let character = sql[index]
            if sql[index...].hasPrefix("--") {
                index = sql[index...].firstIndex(of: "\n") ?? sql.endIndex
                result.append(" ")
            } else if sql[index...].hasPrefix("/*") {
                index = sql[sql.index(index, offsetBy: 2)...].range(of: "*/")?.upperBound ?? sql.endIndex
                result.append(" ")
            } else if let (_, close) = quote(opening: character) {
                let end = quoted(sql, from: index, close: close).end
                result += sql[index..<end]
                index = end
            } else {
                result.append(character)
                index = sql.index(after: index)
            }
        }
        return result
    }

    private static func quote(opening: Character) -> (SQLToken.Kind, Character)? {
        switch opening {
        case "'": (.string, "'")
        case "\"": (.doubleQuoted, "\"")
        case "`": (.bracketed, "`")
        case "[": (.bracketed, "]")
        default: nil
        }
    }

    /// Reads a quoted token starting at `start` (its opening quote); a doubled closing quote stands for one.
    private static func quoted(_ sql: String, from start: String.Index, close: Character)
        -> (text: String, end: String.Index)
    {
        var text = ""
        var index = sql.index(after: start)
        while index < sql.endIndex {
            let character = sql[index]
            let next = sql.index(after: index)
            if character == close {
                if close != "]", next < sql.endIndex, sql[next] == close {
                    text.append(close)
                    index = sql.index(after: next)
                    continue
                }
                return (text, next)
            }
            text.append(character)
            index = next
        }
        return (text, sql.endIndex)
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character == "_" || character == "$" || character.isLetter || character.isNumber
    }
}
