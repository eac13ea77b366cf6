import Foundation
import MMEXFiles
import MMEXFixtures
import SQLiteCipher

/// `driverport fixture`: a new MMEX file full of realistic, deterministic data, of any size up to millions of
/// transactions, plain or encrypted through the page codec.
struct FixtureCommand: Command {
    let name = "fixture"
    let summary = "generate a realistic, deterministic MMEX file with N transactions"
    let help = """
    Usage: driverport fixture OUT --transactions N [--seed S] [--cipher NAME] [--key-env NAME | --key-file PATH |
                                  --key-stdin] [--stats] [--json]

    Writes a new MMEX version 21 file at OUT with realistic content: currencies with rate history, accounts
    of every type (open and closed), payees, custom categories (Unicode, NOCASE near-duplicates), N
    transactions of every code and status with splits, tags, custom fields, attachments and share trades,
    scheduled transactions, budgets, assets and stocks with price history. Every table gets rows.
    The same N and seed give the same rows on every machine. Refuses to overwrite an existing file.
    Rows are streamed in large transactions, so memory stays flat even for millions of transactions.
    With a key the file is encrypted page by page as it is written (--cipher auto means sqlcipher4, what MMEX
    writes today); a named cipher needs a key. The rows are the same as the plain file's for that N and seed.

    Options:
      --transactions N  how many transactions (CHECKINGACCOUNT_V1 rows), 0 to 10000000 (required)
      --seed S          the seed, a whole number from 0 to 18446744073709551615 (default 1)
    \(KeyOptions.help)
      --stats           also report rows written, seconds and peak resident memory
      --json            one JSON object: path, cipher (none for plain), transactions, seed, contentVersion,
                        tables (name -> rows written), rowsWritten, and with --stats: seconds, peakResidentBytes
    """
    let flags: Set<String> = Set(["stats", "json"]).union(KeyOptions.flagNames)
    let options: Set<String> = Set(["transactions", "seed"]).union(KeyOptions.optionNames)

    func run(_ arguments: ArgumentList, console: Console) throws -> ExitCode {
        let path = try arguments.requirePositionals(["OUT"])[0]
        guard let transactions = try arguments.integer("transactions", range: FixtureSpec.transactionRange) else {
            throw CLIError.usage("--transactions N is required; see --help")
        }
        let spec = FixtureSpec(transactions: transactions, seed: try seed(arguments))
        let keyOptions = try KeyOptions(arguments)
        let target: FixtureTarget
        do {
            target = FixtureTarget(cipher: try keyOptions.newFileTarget(for: path, console: console))
        } catch {
            throw ErrorMapping.cliError(for: error, path: path)
        }
        let clock = ContinuousClock()
        let start = clock.now
        var lastShown = start
        let options = FixtureWriteOptions { done in
            guard console.showsProgress, clock.now - lastShown > .milliseconds(200) || done == transactions else { return }
            lastShown = clock.now
            console.progress("fixture: \(done) of \(transactions) transactions (\(done * 100 / max(transactions, 1))%)")
        }
        let report: FixtureReport
        do {
            report = try FixtureGenerator.generate(at: path, spec: spec, options: options, target: target)
        } catch let error as FixtureError {
            if case .invalidSize = error { throw CLIError(error.description, exitCode: .usage) }
            throw CLIError(error.description, exitCode: .software)
        } catch DatabaseFileError.unreadable {
            throw CLIError("cannot create \(path) (is its folder there and writable?)", exitCode: .cannotCreate)
        } catch {
            throw ErrorMapping.cliError(for: error, path: path)
        }
        console.endProgress()
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let stats = arguments.flag("stats") ? Stats(seconds: seconds, peakResidentBytes: ProcessMemory.peakResidentBytes()) : nil
        let cipher = target.cipher.format?.rawValue ?? "none"
        if arguments.flag("json") {
            try console.json(Output(path: path, cipher: cipher, report: report, stats: stats))
        } else {
            let encrypted = target.cipher.format == nil ? "" : ", \(cipher)"
            console.line("created \(path): \(transactions) transactions, seed \(spec.seed), \(report.rowsWritten) rows\(encrypted)")
            if let stats { console.line(stats.line(rows: report.rowsWritten)) }
        }
        return .ok
    }

    private func seed(_ arguments: ArgumentList) throws -> UInt64 {
        guard let text = arguments.option("seed") else { return FixtureSpec.sample.seed }
        guard let value = UInt64(text) else {
            throw CLIError.usage("--seed takes a whole number from 0 to \(UInt64.max), not '\(text)'")
        }
        return value
    }

    /// The `--stats` figures.
    struct Stats: Encodable {
        let seconds: Double
        let peakResidentBytes: UInt64?

        func line(rows: Int) -> String {
            let peak = peakResidentBytes.map { String(format: "%.1f MiB", Double($0) / 1_048_576) } ?? "unknown"
            return "stats: \(rows) rows written in \(String(format: "%.2f", seconds)) s, peak resident memory \(peak)"
        }
    }

    /// The `--json` document.
    struct Output: Encodable {
        let path: String
        let cipher: String
        let report: FixtureReport
        let stats: Stats?

        enum Keys: String, CodingKey {
            case path, cipher, transactions, seed, contentVersion, tables, rowsWritten, seconds, peakResidentBytes
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(path, forKey: .path)
            try container.encode(cipher, forKey: .cipher)
            try container.encode(report.spec.transactions, forKey: .transactions)
            try container.encode(report.spec.seed, forKey: .seed)
            try container.encode(report.contentVersion, forKey: .contentVersion)
            var tables = container.nestedContainer(keyedBy: TableKey.self, forKey: .tables)
            for entry in report.tables { try tables.encode(entry.rows, forKey: TableKey(entry.table)) }
            try container.encode(report.rowsWritten, forKey: .rowsWritten)
            if let stats {
                try container.encode(stats.seconds, forKey: .seconds)
                try container.encodeIfPresent(stats.peakResidentBytes, forKey: .peakResidentBytes)
            }
        }
    }

    struct TableKey: CodingKey {
        let stringValue: String
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }
}
