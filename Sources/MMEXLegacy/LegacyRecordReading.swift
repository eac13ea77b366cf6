import LegacyDriver
import MMEXModel
import MMEXSessionSupport

extension LegacyUnit {
    /// Reads a row of `Record`'s table with `body` (the record, or one of its values); a value of the wrong storage class (or NULL in a NOT NULL column) is
    /// reported by table and column in the words the reader/writer side uses (``RecordReadErrors``).
    func record<Record: MMEXRecord, Result>(_ type: Record.Type, _ body: () throws(LegacyError) -> Result) throws -> Result {
        do {
            return try body()
        } catch {
            switch error {
            case .typeMismatch(let column, _, let found):
                throw RecordReadErrors.unreadable(type, column: unquoted(column), found: found.sqlName.lowercased())
            case .unexpectedNull(let column):
                throw RecordReadErrors.unreadable(type, column: unquoted(column), found: "null")
            default:
                throw LegacyErrors.mapped(error, path: path, keyGiven: keyGiven)
            }
        }
    }

    private func unquoted(_ column: String) -> String {
        column.filter { $0 != "\"" }
    }
}
