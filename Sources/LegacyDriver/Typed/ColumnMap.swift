import SQLiteEngine

/// Where each column of a query's rows is, by the SQL text of the expression that selected it.
///
/// Built once per prepared query and shared by all its rows. Lookups are what `row[expression]` costs per column
/// per row, so the common case is a probe of an open-addressing table keyed by the hash the expression computed
/// when it was made (no hashing, no allocation), confirmed by a string comparison that is a word compare when the
/// expression is the same value that built the query. Everything else (an unqualified column after a join, a
/// namespaced column of a single-table query, ambiguity and missing columns) goes through a slow path whose
/// answer is remembered in the table.
@usableFromInline
final class ColumnMap {
    /// One way to name a column: an expression template and the column index it names.
    struct Key {
        var template: String
        var index: Int32
    }

    /// Every key the query defines, in column order (duplicates included, for error messages).
    let keys: [Key]
    /// Each key's last quoted-identifier component (`"id"` for `"users"."id"`), or `nil` for expressions.
    /// Only the slow path needs them, so they are computed on its first use rather than for every query run
    /// (a map is built each time a query runs, and splitting every template was most of what that cost).
    private(set) lazy var lastComponents: [String?] = keys.map { lastQuotedComponent($0.template) }
    /// Whether the query joins several sources (then unqualified names must be unique across them).
    let hasJoins: Bool
    /// The column count of the statement.
    @usableFromInline let columnCount: Int32
    /// The query's SQL, named when a non-throwing read of its rows stops the program.
    @usableFromInline let sql: String

    /// One entry of the lookup table: a name, its hash, and the column it names. Held together so a lookup reads
    /// one slot (three neighbouring words) rather than three parallel buffers.
    @usableFromInline
    struct Slot {
        @usableFromInline var hash: Int
        @usableFromInline var template: String
        /// -1: empty slot; -2: the template names several columns; otherwise the column index.
        @usableFromInline var index: Int32
    }

    @usableFromInline let mask: Int
    @usableFromInline let slots: UnsafeMutablePointer<Slot>
    private let slotCount: Int
    private var usedSlots = 0

    @usableFromInline static let empty: Int32 = -1
    @usableFromInline static let ambiguous: Int32 = -2

    init(keys: [Key], columnCount: Int32, hasJoins: Bool, sql: String) {
        self.keys = keys
        self.sql = sql
        self.hasJoins = hasJoins
        self.columnCount = columnCount
        var count = 16
        while count < 4 * (keys.count + 8) { count *= 2 }
        slotCount = count
        mask = count - 1
        slots = .allocate(capacity: count)
        slots.initialize(repeating: Slot(hash: 0, template: "", index: Self.empty), count: count)
        for key in keys { insert(key.template, index: key.index) }
    }

    deinit {
        slots.deinitialize(count: slotCount)
        slots.deallocate()
    }

    /// Adds a name; a name already present for another column becomes ambiguous.
    private func insert(_ template: String, index: Int32) {
        let hash = template.hashValue
        var slot = hash & mask
        while slots[slot].index != Self.empty {
            if slots[slot].hash == hash && slots[slot].template == template {
                if slots[slot].index != index { slots[slot].index = Self.ambiguous }
                return
            }
            slot = (slot &+ 1) & mask
        }
        slots[slot] = Slot(hash: hash, template: template, index: index)
        usedSlots += 1
    }

    /// The column an expression names.
    @inlinable @inline(__always)
    func index(of template: String, hash: Int) throws(LegacyError) -> Int32 {
        var position = hash & mask
        while true {
            let slot = slots + position
            if slot.pointee.hash == hash && slot.pointee.template == template {
                let index = slot.pointee.index
                if index >= 0 { return index }
                break
            }
            if slot.pointee.index == Self.empty { break }
            position = (position &+ 1) & mask
        }
        return try resolve(template)
    }

    /// The slow path: ambiguity, fallbacks between qualified and unqualified names, missing columns.
    @usableFromInline
    func resolve(_ template: String) throws(LegacyError) -> Int32 {
        let exact = Set(keys.filter { $0.template == template }.map(\.index))
        if exact.count > 1 {
            throw .ambiguousColumn(name: template, candidates: candidates(for: exact))
        }
        if let only = exact.first { return only }
        guard let last = lastQuotedComponent(template) else { throw missing(template) }
        let isQualified = last != template
        if isQualified && hasJoins { throw missing(template) }
        // Unqualified after a join: must match exactly one namespaced column. Qualified on a single source: the
        // namespace cannot be wrong in a way that matters, so the column name decides.
        var matches: Set<Int32> = []
        for (key, component) in zip(keys, lastComponents) where component == last { matches.insert(key.index) }
        if matches.count > 1 { throw .ambiguousColumn(name: template, candidates: candidates(for: matches)) }
        guard let only = matches.first else { throw missing(template) }
        if usedSlots * 2 < slotCount { insert(template, index: only) }
        return only
    }

    private func candidates(for indexes: Set<Int32>) -> [String] {
        keys.filter { indexes.contains($0.index) && $0.template != "" }.map(\.template)
    }

    private func missing(_ template: String) -> LegacyError {
        .noSuchColumn(name: template, columns: displayNames)
    }

    /// One name per column, for messages.
    var displayNames: [String] {
        var names = Array(repeating: "?", count: Int(columnCount))
        for key in keys.reversed() where Int(key.index) < names.count { names[Int(key.index)] = key.template }
        return names
    }
}

/// The last `"quoted"` component of a template made only of quoted identifiers joined by dots (`"a"."b"` gives
/// `"b"`; `"b"` gives itself), or `nil` for anything else (`count(*)`, `("a" + ?)`).
func lastQuotedComponent(_ template: String) -> String? {
    let characters = Array(template.unicodeScalars)
    var position = 0
    var lastStart = 0
    while true {
        guard position < characters.count, characters[position] == "\"" else { return nil }
        lastStart = position
        position += 1
        while true {
            guard position < characters.count else { return nil }
            if characters[position] == "\"" {
                if position + 1 < characters.count, characters[position + 1] == "\"" {
                    position += 2
                    continue
                }
                position += 1
                break
            }
            position += 1
        }
        if position == characters.count {
            var scalars = String.UnicodeScalarView()
            scalars.append(contentsOf: characters[lastStart...])
            return String(scalars)
        }
        guard characters[position] == "." else { return nil }
        position += 1
    }
}
