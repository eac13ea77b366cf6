import LegacyDriver
import MMEXModel
import MMEXSessionSupport

/// `CURRENCYFORMATS_V1` and `CURRENCYHISTORY_V1` on the legacy driver: query builder on the retained connection.
///
/// Contract (shared with the reader/writer repository, checked by the differential suite):
/// - Symbols compare NOCASE (explicitly: MMEX 0.9.7 declares `CURRENCY_SYMBOL` without it); the lowest id wins.
/// - The base currency is `INFOTABLE_V1.BASECURRENCYID` (an entry that is not an integer throws
///   ``InfoValueError``; unset or dangling gives `nil`).
/// - A history is in `CURRDATE`, then `CURRHISTID` order.
/// - The rate of a currency on a day: exactly `1` (INTEGER) for the base currency; otherwise the `CURRVALUE` of the
///   history row with the latest `CURRDATE` on or before the day (a stored time suffix is ignored; ties go to the
///   highest `CURRHISTID`); otherwise the currency's `BASECONVRATE` when it is not NULL; otherwise `nil`.
/// - Conversion: the same amount for the same currency; else `amount × rate(from) ÷ rate(to)`
///   (``Amount/converted(fromRate:toRate:)``), `nil` when a rate is missing, not a number, or 0.
/// - Delete refuses (``ReferenceErrors/inUse(_:id:by:)``) the base currency and a currency an account, asset or
///   history row uses. ``setRate(_:)`` replaces the rate of an existing (currency, date) pair in place, keeping its id.
struct LegacyCurrencyRepository: CurrencyRepository {
    let unit: LegacyUnit
    private typealias Columns = CurrencyColumns
    private typealias History = CurrencyHistoryColumns

    private func currency(_ row: Row) throws -> CurrencyFormat {
        try unit.record(CurrencyFormat.self) { () throws(LegacyError) in
            CurrencyFormat(
                id: try row.get(Columns.id), name: try row.get(Columns.name), prefixSymbol: try row.get(Columns.prefixSymbol),
                suffixSymbol: try row.get(Columns.suffixSymbol), decimalPoint: try row.get(Columns.decimalPoint),
                groupSeparator: try row.get(Columns.groupSeparator), unitName: try row.get(Columns.unitName),
                centName: try row.get(Columns.centName), scale: try row.get(Columns.scale),
                baseConversionRate: try row.get(Columns.baseConversionRate), symbol: try row.get(Columns.symbol),
                type: try row.get(Columns.type)
            )
        }
    }

    private func rate(_ row: Row) throws -> CurrencyHistory {
        try unit.record(CurrencyHistory.self) { () throws(LegacyError) in
            CurrencyHistory(
                id: try row.get(History.id), currencyId: try row.get(History.currencyId), date: try row.get(History.date),
                value: try row.get(History.value), updateType: try row.get(History.updateType)
            )
        }
    }

    // MARK: Reading

    func currencies() throws -> [CurrencyFormat] {
        try unit.requireColumns(of: CurrencyFormat.self)
        return try unit.run { try unit.db.prepare(Columns.selection.order(Columns.id)).map(currency) }
    }

    func currency(id: Int64) throws -> CurrencyFormat? {
        try unit.requireColumns(of: CurrencyFormat.self)
        return try unit.run { try unit.db.pluck(Columns.selection.filter(Columns.id == id)).map(currency) }
    }

    func currency(symbol: String) throws -> CurrencyFormat? {
        try unit.requireColumns(of: CurrencyFormat.self)
        return try unit.run {
            let query = Columns.selection.filter(Columns.symbol.collate(.nocase) == symbol).order(Columns.id).limit(1)
            return try unit.db.pluck(query).map(currency)
        }
    }

    func baseCurrency() throws -> CurrencyFormat? {
        guard let id = try LegacyInfoTableRepository(unit: unit).baseCurrencyId() else { return nil }
        return try currency(id: id)
    }

    func history(currencyId: Int64) throws -> [CurrencyHistory] {
        try unit.requireColumns(of: CurrencyHistory.self)
        return try unit.run {
            let query = History.selection.filter(History.currencyId == currencyId).order(History.date, History.id)
            return try unit.db.prepare(query).map(rate)
        }
    }

    func rate(currencyId: Int64, on day: CalendarDay) throws -> Amount? {
        try unit.requireColumns(of: CurrencyHistory.self)
        try unit.requireColumns(of: CurrencyFormat.self, ["CURRENCYID", "BASECONVRATE"])
        if try LegacyInfoTableRepository(unit: unit).baseCurrencyId() == currencyId { return .integer(1) }
        return try unit.run {
            var filter = History.currencyId == currencyId
            if let next = day.next { filter = filter && History.date < MMEXDate(next) }
            let latest = History.table.select(History.value).filter(filter).order(History.date.desc, History.id.desc).limit(1)
            if let row = try unit.db.pluck(latest) {
                return try unit.record(CurrencyHistory.self) { () throws(LegacyError) in try row.get(History.value) } as Amount
            }
            let fallback = Columns.table.select(Columns.baseConversionRate).filter(Columns.id == currencyId)
            guard let row = try unit.db.pluck(fallback) else { return nil }
            return try unit.record(CurrencyFormat.self) { () throws(LegacyError) in try row.get(Columns.baseConversionRate) } as Amount?
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
        return try unit.run {
            var stored = currency
            if stored.isUnsaved {
                stored.id = try IdentifierMinting.newID(from: unit.minter, table: CurrencyFormat.tableName) { candidate in
                    try unit.db.pluck(Columns.table.select(Columns.id).filter(Columns.id == candidate)) != nil
                }
            }
            try unit.db.run(Columns.table.insert([Columns.id <- stored.id] + Columns.setters(stored)))
            return stored
        }
    }

    func update(_ currency: CurrencyFormat) throws {
        try unit.requireColumns(of: CurrencyFormat.self)
        return try unit.run { _ = try unit.db.run(Columns.table.filter(Columns.id == currency.id).update(Columns.setters(currency))) }
    }

    func deleteCurrency(id: Int64) throws -> Bool {
        try unit.requireColumns(of: Account.self, ["CURRENCYID"])
        try unit.requireColumns(of: Asset.self, ["CURRENCYID"])
        try unit.requireColumns(of: CurrencyHistory.self)
        if try LegacyInfoTableRepository(unit: unit).baseCurrencyId() == id {
            throw ReferenceErrors.inUse(CurrencyFormat.self, id: id, by: "INFOTABLE_V1.BASECURRENCYID")
        }
        return try unit.run {
            let users: [(Table, String)] = [
                (CurrencyUserColumns.accounts, Account.tableName), (CurrencyUserColumns.assets, Asset.tableName),
            ]
            for (table, name) in users where try unit.db.scalar(table.filter(CurrencyUserColumns.currencyId == id).count) > 0 {
                throw ReferenceErrors.inUse(CurrencyFormat.self, id: id, by: name)
            }
            if try unit.db.scalar(History.table.filter(History.currencyId == id).count) > 0 {
                throw ReferenceErrors.inUse(CurrencyFormat.self, id: id, by: CurrencyHistory.tableName)
            }
            return try unit.db.run(Columns.table.filter(Columns.id == id).delete()) > 0
        }
    }

    func setBaseCurrency(id: Int64) throws {
        guard try currency(id: id) != nil else { throw ReferenceErrors.missing(CurrencyFormat.self, id: id) }
        try LegacyInfoTableRepository(unit: unit).setBaseCurrencyId(id)
    }

    func setRate(_ entry: CurrencyHistory) throws -> CurrencyHistory {
        try unit.requireColumns(of: CurrencyHistory.self)
        return try unit.run {
            var stored = entry
            let sameDay = History.table.select(History.id)
                .filter(History.currencyId == entry.currencyId && History.date == entry.date).order(History.id).limit(1)
            if let row = try unit.db.pluck(sameDay) {
                stored.id = try row.get(History.id)
                try unit.db.run(
                    History.table.filter(History.id == stored.id)
                        .update(History.value <- stored.value, History.updateType <- stored.updateType)
                )
                return stored
            }
            if stored.isUnsaved {
                stored.id = try IdentifierMinting.newID(from: unit.minter, table: CurrencyHistory.tableName) { candidate in
                    try unit.db.pluck(History.table.select(History.id).filter(History.id == candidate)) != nil
                }
            }
            try unit.db.run(
                History.table.insert(
                    History.id <- stored.id, History.currencyId <- stored.currencyId, History.date <- stored.date,
                    History.value <- stored.value, History.updateType <- stored.updateType
                )
            )
            return stored
        }
    }

    func deleteRate(id: Int64) throws -> Bool {
        try unit.requireColumns(of: CurrencyHistory.self)
        return try unit.run { try unit.db.run(History.table.filter(History.id == id).delete()) > 0 }
    }
}

/// Vends the repository in legacy units of work (`context.currencies`).
extension CurrencyRepositoryKey: LegacyReadableRepositoryKey {
    package static func reading(in unit: LegacyUnit) -> any CurrencyReading { LegacyCurrencyRepository(unit: unit) }
    package static func writing(in unit: LegacyUnit) -> any CurrencyRepository { LegacyCurrencyRepository(unit: unit) }
}
