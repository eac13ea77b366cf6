import SQLiteEngine

/// Compiled `INSERT ... VALUES` statements by the insert's shape (table, conflict clause, columns, value SQL).
///
/// Running `table.insert(a <- x, b <- y)` in a loop builds an ``Insert`` per row; matching its shape against the
/// few recent ones compares the setters' column templates (the same strings every time, so each comparison is a
/// word compare) and skips rendering SQL text and looking it up, which is most of what a row would otherwise cost.
final class InsertStatementCache {
    final class Entry {
        let source: QuerySource
        let conflict: OnConflict?
        let columns: [String]
        /// `nil` where the value is a bound value, else the value expression's SQL.
        let valueTemplates: [String?]
        /// Whether every value is a bound value (no value expression): the common shape, bound by a shorter loop.
        let bindsOnlyValues: Bool
        let statement: EngineStatement
        /// Set while the statement runs (a custom SQL function could insert again from inside it).
        /// Unchecked exclusivity: set and cleared around each run by the connection's one owning thread.
        @exclusivity(unchecked) var busy = false

        init(table: QuerySource, conflict: OnConflict?, setters: [Setter], statement: EngineStatement) {
            source = table
            self.conflict = conflict
            columns = setters.map(\.columnTemplate)
            valueTemplates = setters.map { setter in
                if case .expression(let expression) = setter.value { return expression.template }
                return nil
            }
            bindsOnlyValues = valueTemplates.allSatisfy { $0 == nil }
            self.statement = statement
        }

        /// Whether the insert could have this shape, judged without looking at its setters.
        func accepts(_ table: QuerySource, _ conflict: OnConflict?, _ count: Int) -> Bool {
            !busy && count == columns.count && conflict == self.conflict
                && (table === source || (table.name == source.name && table.database == source.database))
        }

        /// Binds the setters' values in order while checking that each sets this shape's column with this shape's
        /// kind of value; `false` (with some values bound, harmlessly) as soon as one does not.
        func bindIfSameShape(_ setters: [Setter]) throws(SQLiteError) -> Bool {
            if bindsOnlyValues { return try bindValuesIfSameColumns(setters) }
            var index: Int32 = 1
            for offset in setters.indices {
                guard setters[offset].columnTemplate == columns[offset] else { return false }
                if case .expression(let expression) = setters[offset].value {
                    guard valueTemplates[offset] == expression.template else { return false }
                    for value in expression.bindings {
                        try statement.bind(value, at: index)
                        index += 1
                    }
                } else {
                    guard valueTemplates[offset] == nil, try bind(setters[offset].value, at: index) else { return false }
                    index += 1
                }
            }
            return true
        }

        /// ``bindIfSameShape(_:)`` for a shape of bound values only: each setter must set this shape's column to a
        /// value (not an expression), bound at its position.
        private func bindValuesIfSameColumns(_ setters: [Setter]) throws(SQLiteError) -> Bool {
            try setters.withUnsafeBufferPointer { (setters) throws(SQLiteError) -> Bool in
                try columns.withUnsafeBufferPointer { (columns) throws(SQLiteError) -> Bool in
                    guard setters.count == columns.count else { return false }
                    var index: Int32 = 1
                    for offset in setters.indices {
                        guard setters[offset].columnTemplate == columns[offset],
                              try bind(setters[offset].value, at: index)
                        else { return false }
                        index &+= 1
                    }
                    return true
                }
            }
        }

        /// Binds a bound value at `index`; `false` (nothing bound) for an expression, which has no single value.
        @inline(__always)
        private func bind(_ value: SetterValue, at index: Int32) throws(SQLiteError) -> Bool {
            switch value {
            case .integer(let number): try statement.bind(number, at: index)
            case .real(let number): try statement.bind(number, at: index)
            case .text(let text): try statement.bind(text, at: index)
            case .blob(let bytes): try statement.bind(blob: bytes, at: index)
            case .null: try statement.bindNull(at: index)
            case .expression: return false
            }
            return true
        }

        /// Runs the bound statement to its end and resets it.
        func run() throws(SQLiteError) {
            busy = true
            defer {
                busy = false
                statement.reset()
            }
            while try statement.step() {}
        }

        func matches(_ table: QuerySource, _ conflict: OnConflict?, _ setters: [Setter]) -> Bool {
            guard !busy, setters.count == columns.count, conflict == self.conflict,
                  table === source || (table.name == source.name && table.database == source.database)
            else { return false }
            for offset in setters.indices {
                guard setters[offset].columnTemplate == columns[offset] else { return false }
                if case .expression(let expression) = setters[offset].value {
                    if valueTemplates[offset] != expression.template { return false }
                } else if valueTemplates[offset] != nil {
                    return false
                }
            }
            return true
        }
    }

    /// Unchecked exclusivity: read once per insert by the connection's owning thread, never while being changed.
    @exclusivity(unchecked) private var entries: [Entry] = []
    private var nextReplacement = 0
    /// The shape used last, tried first.
    @exclusivity(unchecked) var mostRecent: Entry?
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

    func removeAll() {
        entries.removeAll()
        mostRecent = nil
    }
}
