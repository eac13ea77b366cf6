/// Reads `INFOTABLE_V1`, the file-level name/value table: the first ported slice.
///
/// Contract both drivers keep (the differential suite checks it):
/// - Names match the way the `INFONAME` column's NOCASE collation does: `dataversion` finds `DATAVERSION`.
/// - Lists are in `INFOID` order.
/// - Only the three v21 columns are read; real files with extra columns (desktop sync builds add some) read the same.
///
/// Obtained from a unit of work (`read { ctx in ctx.infoTable }`); valid only inside it. Methods throw the session's
/// `PersistenceError` (module PersistenceSession) for database failures.
public protocol InfoTableReading {
    /// Every entry, in `INFOID` order.
    func entries() throws -> [InfoEntry]
    /// The entry with this name (NOCASE), or `nil`.
    func entry(for key: InfoKey) throws -> InfoEntry?
}

/// Reads and writes `INFOTABLE_V1` inside a write unit of work.
public protocol InfoTableRepository: InfoTableReading {
    /// Stores `value` under `key` and returns the stored entry.
    ///
    /// When an entry with this name exists (NOCASE), only its value changes: its id and the spelling of its name stay
    /// as they are (desktop and Android look entries up by their own spelling). Otherwise a new entry is inserted with
    /// the name as given and an id from the session's ``IdentifierMinter``.
    @discardableResult
    func setValue(_ value: String, for key: InfoKey) throws -> InfoEntry

    /// Deletes the entry with this name (NOCASE). Returns whether one existed.
    @discardableResult
    func removeValue(for key: InfoKey) throws -> Bool
}

extension InfoTableReading {
    /// The stored text of an entry, or `nil` when there is none.
    public func value(for key: InfoKey) throws -> String? {
        try entry(for: key)?.value
    }

    /// Whether an entry with this name exists (NOCASE).
    public func contains(_ key: InfoKey) throws -> Bool {
        try entry(for: key) != nil
    }

    /// An entry read as a decimal integer (optional sign, ASCII digits, nothing else), or `nil` when there is none.
    ///
    /// - Throws: ``InfoValueError`` when the entry exists but is not an integer.
    public func integer(for key: InfoKey) throws -> Int64? {
        guard let text = try value(for: key) else { return nil }
        guard let number = Int64(text) else {
            throw InfoValueError(key: key, storedValue: text, expected: "an integer")
        }
        return number
    }

    /// `DATAVERSION` as a number (MMEX files say 3).
    public func dataVersion() throws -> Int64? { try integer(for: .dataVersion) }

    /// `BASECURRENCYID`: the id of the base currency, or `nil` when the file has not chosen one.
    public func baseCurrencyId() throws -> Int64? { try integer(for: .baseCurrencyId) }

    /// `CREATEDATE` as stored (see ``MMEXDate/day`` for the parsed day).
    public func createDate() throws -> MMEXDate? { try value(for: .createDate).map(MMEXDate.init(rawValue:)) }

    /// `DATEFORMAT`, a strftime-style pattern such as `%Y-%m-%d`.
    public func dateFormat() throws -> String? { try value(for: .dateFormat) }

    /// `USERNAME`.
    public func userName() throws -> String? { try value(for: .userName) }
}

extension InfoTableRepository {
    /// Stores an integer entry (as decimal text, the way MMEX stores them).
    @discardableResult
    public func setInteger(_ value: Int64, for key: InfoKey) throws -> InfoEntry {
        try setValue(String(value), for: key)
    }

    /// Sets `BASECURRENCYID`.
    @discardableResult
    public func setBaseCurrencyId(_ id: Int64) throws -> InfoEntry {
        try setInteger(id, for: .baseCurrencyId)
    }
}

/// Names `INFOTABLE_V1` in the MMEX contexts: `context.infoTable` reads them in a read unit of work, and reads and
/// writes them in a write unit of work.
public enum InfoTableRepositoryKey: ReadableRepositoryKey {
    public typealias Reading = any InfoTableReading
    public typealias Writing = any InfoTableRepository
}

extension ReadRepositories {
    /// The reading side of ``InfoTableRepositoryKey``'s repository, in this unit of work.
    public var infoTable: any InfoTableReading { repository(InfoTableRepositoryKey.self) }
}

extension WriteRepositories {
    /// ``InfoTableRepositoryKey``'s repository, reads and writes, in this unit of work.
    public var infoTable: any InfoTableRepository { repository(InfoTableRepositoryKey.self) }
}
