import Foundation
import SQLiteCipher
import SQLiteEngine

/// The codec as other clients use it: the SQLCipher v4 fixture scanned by Debian's `sqlite3` shell with the codec's
/// loadable extension loaded (`.load`, then SQLite3 Multiple Ciphers' `PRAGMA cipher`, `legacy` and `key`), against
/// the same scan on DriverPort's own connection through the codec (the baseline). Issue 34's goal: within 1.1x.
///
/// Both sides run one statement that reads every row and column of every table (a count and the sum of every value's
/// `length()`), with the same 256 KiB page cache, so each scan decrypts every page again. The shell is one child
/// process for the whole case, keyed once (the key derivation is not timed, as on the other side); a timed run
/// writes the statement to its standard input and reads its one-line answer from its standard output (line-buffered
/// with `stdbuf -oL`), so the time includes a pipe round trip of microseconds. The passphrase (the bench fixtures'
/// test passphrase) goes to the shell on its standard input, never on its command line. The answers are compared:
/// rows and checksum must be equal.
enum ExtensionScanCase {
    static let ownName = "own connection"
    static let shellName = "extension in the sqlite3 shell"

    static func run(
        _ context: BenchContext, path: String, key: CipherKey, tables: [String], label: String
    ) throws -> [BenchResult] {
        guard let library = context.configuration.codecExtensionLibrary else {
            context.note("codec extension scan skipped: the extension library was not found beside driverport")
            return []
        }
        guard let shell = executable("sqlite3"), let stdbuf = executable("stdbuf") else {
            context.note("codec extension scan skipped: the sqlite3 shell or stdbuf is not installed")
            return []
        }
        let own = try CodecCases.openThroughCodec(path, format: .sqlcipher4, key: key)
        defer { own.close() }
        try CodecCases.limitCache(own)
        let sql = try scanSQL(own, tables: tables)
        let child = try ShellChild(stdbuf: stdbuf, shell: shell)
        defer { child.finish() }
        try child.setUp(library: library, path: path, passphrase: CodecCases.passphrase, cacheKiB: CodecCases.scanCacheKiB)
        return try context.measure(BenchCase(
            name: "codec-extension-scan-\(label)", family: CodecCases.family, baseline: ownName, baselineIsRawC: false,
            implementations: [
                .init(ownName) { try answer(own, sql) },
                .init(shellName) { try child.answer(sql) },
            ]))
    }

    /// One statement reading every row and column of `tables`: the rows, and the sum of every value's `length()`.
    static func scanSQL(_ connection: EngineConnection, tables: [String]) throws -> String {
        var parts: [String] = []
        for table in tables {
            let columns = try connection.rows("SELECT name FROM pragma_table_info('\(table.replacingOccurrences(of: "'", with: "''"))')")
                .compactMap { $0.first?.textValue }
            let lengths = columns.map { "coalesce(sum(length(\"\($0)\")), 0)" }.joined(separator: " + ")
            parts.append("SELECT count(*) AS n, \(lengths.isEmpty ? "0" : lengths) AS s FROM \"\(table)\"")
        }
        return "SELECT sum(n), sum(s) FROM (\(parts.joined(separator: " UNION ALL ")));"
    }

    static func answer(_ connection: EngineConnection, _ sql: String) throws -> BenchOutcome {
        let row = try connection.rows(sql).first ?? []
        guard row.count == 2, let rows = row[0].integerValue, let sum = row[1].integerValue else {
            throw BenchDataError.unexpected("the scan's answer on the own connection")
        }
        return BenchOutcome(rows: Int(rows), checksum: sum)
    }

    /// The first executable named `name` on `PATH`.
    static func executable(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

/// Debian's `sqlite3` shell as a child the case talks to through pipes.
final class ShellChild {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()
    private var buffered = Data()

    init(stdbuf: String, shell: String) throws {
        process.executableURL = URL(fileURLWithPath: stdbuf)
        process.arguments = ["-oL", shell, "-batch", "-bail"]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
    }

    /// Loads the extension, opens `path` read-only through it, keys it and checks the key with a first read.
    func setUp(library: String, path: String, passphrase: String, cacheKiB: Int) throws {
        for (label, value) in [("the fixture's path", path), ("the extension's path", library)]
        where value.contains(where: { $0 == "\"" || $0 == "\\" || $0.isNewline }) {
            throw BenchDataError.unexpected("\(label) holds a quote, backslash or line break the shell cannot take")
        }
        if passphrase.contains(where: { $0 == "\0" || $0.isNewline }) {
            throw BenchDataError.unexpected("a passphrase the shell cannot take")
        }
        let script = ".load \"\(library)\"\n.open --readonly \"\(path)\"\n.output /dev/null\n"
            + "PRAGMA cipher = 'sqlcipher';\nPRAGMA legacy = 4;\nPRAGMA key = \(KeyPragmas.quoted(passphrase));\n"
            + ".output stdout\nPRAGMA cache_size = -\(cacheKiB);\nSELECT count(*) FROM sqlite_master;\n"
        input.fileHandleForWriting.write(Data(script.utf8))
        guard let first = try line(), Int(first) != nil else {
            throw BenchDataError.unexpected("the sqlite3 shell did not open the fixture through the extension")
        }
    }

    /// Runs `sql` (one statement answering `rows|checksum`) and reads the answer.
    func answer(_ sql: String) throws -> BenchOutcome {
        let cpuBefore = cpuSeconds()
        input.fileHandleForWriting.write(Data((sql + "\n").utf8))
        guard let text = try line() else { throw BenchDataError.unexpected("the sqlite3 shell ended") }
        let fields = text.split(separator: "|")
        guard fields.count == 2, let rows = Int(fields[0]), let sum = Int64(fields[1]) else {
            throw BenchDataError.unexpected("the sqlite3 shell answered '\(text.prefix(80))'")
        }
        var outcome = BenchOutcome(rows: rows, checksum: sum)
        if let cpuBefore, let cpuAfter = cpuSeconds() { outcome.childCPUSeconds = cpuAfter - cpuBefore }
        return outcome
    }

    /// The shell's CPU time so far, in nanoseconds' resolution (`/proc/PID/schedstat`'s first field; the shell has
    /// one thread); `nil` where the file cannot be read.
    private func cpuSeconds() -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/schedstat", encoding: .utf8),
              let first = text.split(separator: " ").first, let nanoseconds = Double(first)
        else { return nil }
        return nanoseconds / 1e9
    }

    /// The next line of the shell's output; `nil` at its end.
    private func line() throws -> String? {
        while true {
            if let newline = buffered.firstIndex(of: UInt8(ascii: "\n")) {
                let text = String(decoding: buffered[buffered.startIndex..<newline], as: UTF8.self)
                buffered.removeSubrange(buffered.startIndex...newline)
                return text
            }
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty {
                let message = String(decoding: errors.fileHandleForReading.availableData, as: UTF8.self)
                if !message.isEmpty { throw BenchDataError.unexpected("the sqlite3 shell: \(message.prefix(200))") }
                return nil
            }
            buffered.append(chunk)
        }
    }

    /// Ends the shell (end of its input) and waits for it.
    func finish() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
