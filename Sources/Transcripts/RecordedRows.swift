/// The rows a transcript recorded for one table, in key order: the source's rows (when the changes are relative to
/// the source) with the recorded changes laid over them.
struct RecordedRows {
    private var base: KeyedRowReader?
    private let changes: [RowChange]
    private var index = 0
    private var pending: KeyedRow?
    private var started = false

    /// `changes` over `base` (the source's rows read by the same shape), or alone when `base` is `nil`.
    init(base: KeyedRowReader?, changes: [RowChange]) {
        self.base = base
        self.changes = changes
    }

    /// The next recorded row, `nil` after the last.
    mutating func next() throws -> (key: RowKey, cells: [RecordedCell])? {
        if !started {
            pending = try base?.next()
            started = true
        }
        while true {
            let change = index < changes.count ? changes[index] : nil
            switch (pending, change) {
            case (nil, nil):
                return nil
            case (let row?, nil):
                pending = try base?.next()
                return (row.key, row.cells.map(RecordedCell.value))
            case (let row?, let change?) where row.key < change.key:
                pending = try base?.next()
                return (row.key, row.cells.map(RecordedCell.value))
            case (let row?, let change?):
                // The change replaces the source's row of the same key, or comes before it.
                if row.key == change.key { pending = try base?.next() }
                index += 1
                if case .row(let key, let cells) = change { return (key, cells) }
            case (nil, let change?):
                index += 1
                if case .row(let key, let cells) = change { return (key, cells) }
            }
        }
    }
}
