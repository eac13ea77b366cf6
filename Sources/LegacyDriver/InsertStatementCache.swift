import SQLiteEngine

/// Compiled `INSERT ... VALUES` statements by the insert's shape (table, conflict clause, columns, value SQL).
///
/// Running `table.insert(a <- x, b <- y)` in a loop builds an ``Insert`` per row; matching its shape against the
/// few recent ones compares the setters' column templates (the same strings every time, so each comparison is a
/// word compare) and skips rendering SQL text and looking it up, which is most of what a row would otherwise cost.
final class InsertStatementCache {
    final class Entry {
        let tableName: String
        let database: String?
        let conflict: OnConflict?
        let columns: [String]
        /// `nil` where the value is a bound value, else the value expression's SQL.
        let valueTemplates: [String?]
        let statement: EngineStatement
        /// Set while the statement runs (a custom SQL function could insert again from inside it).
        var busy = false

        init(table: QuerySource, conflict: OnConflict?, setters: [Setter], statement: EngineStatement) {
            tableName = table.name
            database = table.database
            self.conflict = conflict
            columns = setters.map(\.columnTemplate)
            valueTemplates = setters.map { setter in
                if case .expression(let expression) = setter.value { return expression.template }
                return nil
            }
            self.statement = statement
        }

        func matches(_ table: QuerySource, _ conflict: OnConflict?, _ setters: [Setter]) -> Bool {
            guard !busy, setters.count == columns.count, conflict == self.conflict, table.name == tableName,
                  table.database == database
            else { return false }
            for offset in setters.indices {
                guard setters[offset].columnTemplate == columns[offset] else { return false }
                switch setters[offset].value {
                case .bound:
                    if valueTemplates[offset] != nil { return false }
                case .expression(let expression):
                    if valueTemplates[offset] != expression.template { return false }
                }
            }
            return true
        }
    }

    private var entries: [Entry] = []
    private var nextReplacement = 0
    private let capacity = 8

    func entry(for table: QuerySource, _ conflict: OnConflict?, _ setters: [Setter]) -> Entry? {
        entries.first { $0.matches(table, conflict, setters) }
    }

    func add(_ entry: Entry) {
        if entries.count < capacity {
            entries.append(entry)
        } else {
            entries[nextReplacement] = entry
            nextReplacement = (nextReplacement + 1) % capacity
        }
    }

    func removeAll() { entries.removeAll() }
}
