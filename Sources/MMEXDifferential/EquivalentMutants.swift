/// The planted changes no scenario can catch because they change nothing MMEX can observe, each with the reason.
/// The planted-bug run (`make mutants`) fails on a mutant that survives without being listed here, and on a listed
/// one it catches (the list must stay true).
package enum EquivalentMutants {
    /// Mutants of `driver`'s statements that contain `statement`, with `change` (at `occurrence`, or at any).
    package struct Entry: Sendable {
        package var driver: PlantedDriver
        package var statement: String
        package var change: String
        package var occurrence: Int?
        package var reason: String

        init(_ driver: PlantedDriver, _ statement: String, _ change: String, _ occurrence: Int? = nil, because reason: String) {
            self.driver = driver
            self.statement = statement
            self.change = change
            self.occurrence = occurrence
            self.reason = reason
        }

        package func matches(_ mutant: PlantedMutant) -> Bool {
            mutant.driver == driver && mutant.mutant.statement.contains(statement) && mutant.mutant.change == change
                && (occurrence == nil || occurrence == mutant.mutant.occurrence)
        }
    }

    package static func reason(for mutant: PlantedMutant) -> String? {
        all.first { $0.matches(mutant) }?.reason
    }

    /// Name columns the MMEX 1.x schema (the committed fixture's) declares `COLLATE NOCASE`: comparing or ordering
    /// them without an explicit COLLATE still uses NOCASE, so dropping the repository's own COLLATE changes nothing on
    /// such a file. (It does matter on MMEX 0.9.7 files, which declare some of these columns without NOCASE: that is
    /// why the repositories spell it out.)
    static let nocaseColumns = [
        "ACCOUNTNAME", "ASSETNAME", "CATEGNAME", "CURRENCYNAME", "CURRENCY_SYMBOL", "INFONAME", "PAYEENAME", "STOCKNAME",
        "SETTINGNAME", "REPORTNAME", "GROUPNAME", "TAGNAME",
    ]

    /// One-row reads: the legacy repositories read these with `pluck` (the builder's `LIMIT 1`, bound as `LIMIT ?`),
    /// the reader/writer ones with `fetchOne`: a limit of 2 returns a row the read never takes.
    static let oneRowReads: [Entry] = [
        Entry(.legacy, "LIMIT ?", "LIMIT n → n + 1", because: "read with pluck, which takes the first row only"),
        Entry(.readerWriter, "LIMIT 1", "LIMIT n → n + 1", because: "read with fetchOne, which takes the first row only"),
    ]

    package static let all: [Entry] = oneRowReads + nocaseColumns.flatMap { column in
        let reason = "\(column) is declared COLLATE NOCASE in the fixture's schema: without the explicit COLLATE, SQLite "
            + "uses the column's NOCASE anyway"
        return [
            Entry(.readerWriter, "\(column) COLLATE NOCASE", "COLLATE NOCASE removed", because: reason),
            Entry(.readerWriter, "\(column) = ? COLLATE NOCASE", "COLLATE NOCASE removed", because: reason),
            Entry(.legacy, "\"\(column)\" COLLATE \"NOCASE\"", "COLLATE \"NOCASE\" removed", because: reason),
        ]
    }
}
