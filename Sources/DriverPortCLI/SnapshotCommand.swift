import Foundation
import MMEXFiles

/// `driverport snapshot`: publishes the widget summary of an MMEX file, atomically, next to it.
struct SnapshotCommand: Command {
    let name = "snapshot"
    let summary = "write the widget snapshot (balances per account, today's totals) of an MMEX file atomically"
    let help = """
    Usage: driverport snapshot FILE [--out PATH] [--cipher NAME] [--key-env NAME | --key-file PATH | --key-stdin]
                               [--json]

    Computes a small JSON summary of FILE (every account with its balance, today's deposits, withdrawals and
    transfers per currency, the generation time) and writes it atomically (temporary file, fsync, rename) to
    FILE.snapshot.json, or PATH. FILE is opened read-only and never modified; an encrypted FILE is read with its key
    (the snapshot itself is plain JSON: balances and totals, as the widget shows them).
    Balance = INITIALBAL + deposits - withdrawals - transfers sent + transfers received, over every transaction
    except void (STATUS 'V') and deleted ones; amounts are exact decimals, written as strings.
    A reader uses the snapshot only on the day it was generated, and reads the database otherwise.

    Options:
      --out PATH  where to write the snapshot (default: FILE.snapshot.json)
    \(KeyOptions.help)
      --json      print {"path": ..., "summary": {...}} instead of a line of text
    """
    let flags: Set<String> = Set(["json"]).union(KeyOptions.flagNames)
    let options: Set<String> = Set(["out"]).union(KeyOptions.optionNames)

    private struct Output: Encodable {
        let path: String
        let summary: SnapshotSummary
    }

    func run(_ arguments: ArgumentList, console: Console) throws -> ExitCode {
        let path = try arguments.requirePositionals(["FILE"])[0]
        let out = arguments.option("out") ?? SnapshotBridge.defaultPath(forDatabase: path)
        let keyOptions = try KeyOptions(arguments)
        let summary: SnapshotSummary
        do {
            let access = try EncryptedOpen.access(for: path, keyOptions: keyOptions, console: console)
            summary = try SnapshotBridge.computeSummary(database: path, access: access, now: Date(), calendar: .current)
        } catch {
            throw ErrorMapping.cliError(for: error, path: path)
        }
        do {
            try SnapshotBridge.publish(summary, to: out)
        } catch {
            throw CLIError("\(error)", exitCode: .cannotCreate)
        }
        if arguments.flag("json") {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            encoder.dateEncodingStrategy = .iso8601
            console.out(String(decoding: try encoder.encode(Output(path: out, summary: summary)), as: UTF8.self) + "\n")
        } else {
            console.line("wrote \(out): \(summary.accounts.count) account\(summary.accounts.count == 1 ? "" : "s"), "
                + "\(summary.today.reduce(0) { $0 + $1.transactions }) transaction(s) on \(summary.day)")
        }
        return .ok
    }
}
