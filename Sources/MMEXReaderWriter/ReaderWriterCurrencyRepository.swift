import MMEXModel
import SQLiteEngine
import MMEXSessionSupport
import ReaderWriterDriver

/// `CURRENCYFORMATS_V1` and `CURRENCYHISTORY_V1` on the reader/writer driver: SQL on the unit's `db` handle, rows
/// fetched into ``ModelRecord``s, statements cached per connection.
///
/// Same contract as `LegacyCurrencyRepository` (symbols NOCASE, lowest id first; history by date then id; the rate on
/// a day is 1 for the base currency, else the latest history rate on or before the day, else `BASECONVRATE`, else
/// `nil`; conversion through ``Amount/converted(fromRate:toRate:)``; deletes refuse currencies in use).
struct ReaderWriterCurrencyRepository: CurrencyRepository {
    let unit: ReaderWriterUnit
    private typealias Currencies = ModelRecord<CurrencyFormat>
    private typealias Rates = ModelRecord<CurrencyHistory>

    private var info: ReaderWriterInfoTableRepository { ReaderWriterInfoTableRepository(unit: unit) }

    // MARK: Reading

    func currencies() throws -> [CurrencyFormat] {
        try unit.requireColumns(of: CurrencyFormat.self)
        return try unit.run { db in try Currencies.all(db, Currencies.selection + " ORDER BY CURRENCYID") }
    }

    func currency(id: Int64) throws -> CurrencyFormat? {
        try unit.requireColumns(of: CurrencyFormat.self)
        return try unit.run { db in try Currencies.one(db, Currencies.selection + " WHERE CURRENCYID = ?", [id]) }
    }

    func currency(symbol: String) throws -> CurrencyFormat? {
        try unit.requireColumns(of: CurrencyFormat.self)
        return try unit.run { db in
            try Currencies.one(
                db, Currencies.selection + " WHERE CURRENCY_SYMBOL = ? COLLATE NOCASE ORDER BY CURRENCYID LIMIT 1", [symbol]
            )
        }
    }

    func baseCurrency() throws -> CurrencyFormat? {
        guard let id = try info.baseCurrencyId() else { return nil }
        return try currency(id: id)
    }

    func history(currencyId: Int64) throws -> [CurrencyHistory] {
        try unit.requireColumns(of: CurrencyHistory.self)
        return try unit.run { db in
            try Rates.all(db, Rates.selection + " WHERE CURRENCYID = ? ORDER BY CURRDATE, CURRHISTID", [currencyId])
        }
    }

    func rate(currencyId: Int64, on day: CalendarDay) throws -> Amount? {
        try unit.requireColumns(of: CurrencyHistory.self)
        try unit.requireColumns(of: CurrencyFormat.self, ["CURRENCYID", "BASECONVRATE"])
        if try info.baseCurrencyId() == currencyId { return .integer(1) }
        return try unit.run { db in
            let latest: Row?
            if let next = day.next {
                latest = try Row.fetchOne(
                    db.cachedStatement(
                        sql: "SELECT CURRVALUE FROM CURRENCYHISTORY_V1 WHERE CURRENCYID = ? AND CURRDATE < ? "
                            + "ORDER BY CURRDATE DESC, CURRHISTID DESC LIMIT 1"
                    ),
                    arguments: [currencyId, next.iso]
                )
            } else {
                latest = try Row.fetchOne(
                    db.cachedStatement(
                        sql: "SELECT CURRVALUE FROM CURRENCYHISTORY_V1 WHERE CURRENCYID = ? "
                            + "ORDER BY CURRDATE DESC, CURRHISTID DESC LIMIT 1"
                    ),
                    arguments: [currencyId]
                )
            }
            if let latest { return try latest.value(0, CurrencyHistory.self, column: "CURRVALUE") as Amount }
            let fallback = try Row.fetchOne(
                db.cachedStatement(sql: "SELECT BASECONVRATE FROM CURRENCYFORMATS_V1 WHERE CURRENCYID = ?"),
                arguments: [currencyId]
            )
            return try fallback?.optionalValue(0, CurrencyFormat.self, column: "BASECONVRATE") as Amount?
        }
    }

    func convert(_ amount: Amount, from currencyId: Int64, to targetCurrencyId: Int64, on day: CalendarDay) throws -> Amount? {
        if currencyId == targetCurrencyId { return amount }
        guard let from = try rate(currencyId: currencyId, on: day), let to = try rate(currencyId: targetCurrencyId, on: day) else {
            return nil
        }
        return amount.converted(fromRate: from, toRate: to)
    }

    // MARK: Writing

    func insert(_ currency: CurrencyFormat) throws -> CurrencyFormat {
        try unit.requireColumns(of: CurrencyFormat.self)
        return try unit.run { db in
            let stored = try currency.minted(unit, db)
            try stored.insert(db)
            return stored
        }
    }

    func update(_ currency: CurrencyFormat) throws {
        try unit.requireColumns(of: CurrencyFormat.self)
        return try unit.run { db in _ = try currency.update(db) }
    }

    func deleteCurrency(id: Int64) throws -> Bool {
        try unit.requireColumns(of: Account.self, ["CURRENCYID"])
        try unit.requireColumns(of: Asset.self, ["CURRENCYID"])
        try unit.requireColumns(of: CurrencyHistory.self)
        if try info.baseCurrencyId() == id {
            throw ReferenceErrors.inUse(CurrencyFormat.self, id: id, by: "INFOTABLE_V1.BASECURRENCYID")
        }
        return try unit.run { db in
            for table in [Account.tableName, Asset.tableName, CurrencyHistory.tableName] {
                let uses = try Int64.fetchOne(
                    db.cachedStatement(sql: "SELECT count(*) FROM \(table) WHERE CURRENCYID = ?"), arguments: [id]
                ) ?? 0
                if uses > 0 { throw ReferenceErrors.inUse(CurrencyFormat.self, id: id, by: table) }
            }
            try db.execute(sql: "DELETE FROM CURRENCYFORMATS_V1 WHERE CURRENCYID = ?", arguments: [id])
            return db.changesCount > 0
        }
    }

    func setBaseCurrency(id: Int64) throws {
        guard try currency(id: id) != nil else { throw ReferenceErrors.missing(CurrencyFormat.self, id: id) }
        try info.setBaseCurrencyId(id)
    }

    func setRate(_ entry: CurrencyHistory) throws -> CurrencyHistory {
        try unit.requireColumns(of: CurrencyHistory.self)
        return try unit.run { db in
            var stored = entry
            let sameDay = try Int64.fetchOne(
                db.cachedStatement(
                    sql: "SELECT CURRHISTID FROM CURRENCYHISTORY_V1 WHERE CURRENCYID = ? AND CURRDATE = ? ORDER BY CURRHISTID LIMIT 1"
                ),
                arguments: [entry.currencyId, entry.date.rawValue]
            )
            if let sameDay {
                stored.id = sameDay
                try db.execute(
                    sql: "UPDATE CURRENCYHISTORY_V1 SET CURRVALUE = ?, CURRUPDTYPE = ? WHERE CURRHISTID = ?",
                    arguments: [entry.value.storedValue.sqliteValue, entry.updateType, sameDay]
                )
                return stored
            }
            stored = try stored.minted(unit, db)
            try stored.insert(db)
            return stored
        }
    }

    func deleteRate(id: Int64) throws -> Bool {
        try unit.requireColumns(of: CurrencyHistory.self)
        return try unit.run { db in
            try db.execute(sql: "DELETE FROM CURRENCYHISTORY_V1 WHERE CURRHISTID = ?", arguments: [id])
            return db.changesCount > 0
        }
    }
}

/// Vends the repository in reader/writer units of work (`context.currencies`).
extension CurrencyRepositoryKey: ReaderWriterReadableRepositoryKey {
    package static func reading(in unit: ReaderWriterUnit) -> any CurrencyReading {
        ReaderWriterCurrencyRepository(unit: unit)
    }
    package static func writing(in unit: ReaderWriterUnit) -> any CurrencyRepository {
        ReaderWriterCurrencyRepository(unit: unit)
    }
}
