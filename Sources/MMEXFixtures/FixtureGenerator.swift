import Foundation
import MMEXFiles
import SQLiteEngine

/// Writes realistic, deterministic MMEX version 21 files: several currencies with rate history, accounts of every
/// type, payees, a two-level category tree with Unicode and NOCASE near-duplicates, transactions of every code and
/// status with splits, tags, custom fields, attachments and share trades, scheduled transactions, budgets, assets,
/// stocks with price history, and the settings, reports and usage rows, so every table of the schema has rows.
///
/// Same ``FixtureSpec``, same rows on every machine: all randomness comes from ``FixtureRandom``, money is integer
/// arithmetic, dates are computed without time zones, and nothing iterates a dictionary or a set. Rows are
/// generated and inserted one by one through prepared statements, so a million transactions take bounded memory.
public enum FixtureGenerator {
    /// Bumped whenever the generator's output changes, so cached fixtures (``FixtureCache``) are made again.
    public static let contentVersion = 1

    /// Creates a new MMEX file at `path` (never overwrites) and fills it.
    ///
    /// - Parameters:
    ///   - library: the SQLite library to write with.
    ///   - vfs: the VFS to open through (an encrypting VFS writes an encrypted file).
    ///   - prepare: runs on the new connection before anything is written: the place to apply a key.
    /// - Throws: ``DatabaseFileError/exists(path:)`` when `path` exists, ``FixtureError`` for a size out of range,
    ///   ``SQLiteError`` when writing fails. A failed run leaves no file behind.
    @discardableResult
    public static func generate(
        at path: String, spec: FixtureSpec, options: FixtureWriteOptions = FixtureWriteOptions(),
        library: SQLiteLibrary = .system, vfs: String? = nil, prepare: (EngineConnection) throws -> Void = { _ in }
    ) throws -> FixtureReport {
        try validate(spec)
        let connection = try MMEXFileCreator.create(at: path, library: library, vfs: vfs, prepare: prepare)
        do {
            let report = try fill(connection, spec: spec, options: options)
            connection.close()
            return report
        } catch {
            connection.close()
            for suffix in [""] + FileProbe.sidecarSuffixes { try? FileManager.default.removeItem(atPath: path + suffix) }
            throw error
        }
    }

    /// Fills a freshly created MMEX version 21 database (made by ``MMEXFileCreator``, holding only the default rows).
    @discardableResult
    public static func fill(
        _ connection: EngineConnection, spec: FixtureSpec, options: FixtureWriteOptions = FixtureWriteOptions()
    ) throws -> FixtureReport {
        try validate(spec)
        // Speed only, per connection, not stored in the file: no fsync while generating (a failed run is deleted).
        let synchronous = try connection.pragma("synchronous") ?? .integer(2)
        try connection.execute("PRAGMA synchronous = OFF")
        defer { try? connection.execute("PRAGMA synchronous = \(synchronous)") }
        let sink = try RowSink(connection: connection, commitEvery: options.commitEvery)
        do {
            let world = FixtureWorld(spec: spec, sink: sink)
            try world.writeSettingsAndReports()
            try world.writeCurrencies()
            try world.writeCategories()
            try world.writeAccounts()
            try world.writePayees()
            try world.writeTagsAndFields()
            try world.writeInvestments()
            try world.writeBudgets()
            try world.writeScheduledTransactions()
            try world.writeTransactions(progress: options.progress)
            try world.writeStocks()
            try world.writeReferenceAttachments()
            try sink.finish()
        } catch {
            sink.abandon()
            throw error
        }
        let tables = MMEXTable.allCases.map { FixtureReport.TableRows(table: $0.name, rows: sink.count($0)) }
        return FixtureReport(
            spec: spec, contentVersion: contentVersion, tables: tables, rowsWritten: sink.rowsWritten
        )
    }

    private static func validate(_ spec: FixtureSpec) throws {
        guard FixtureSpec.transactionRange.contains(spec.transactions) else {
            throw FixtureError.invalidSize(transactions: spec.transactions, allowed: FixtureSpec.transactionRange)
        }
    }
}
