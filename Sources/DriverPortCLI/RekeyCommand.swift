import Foundation
import MMEXFiles
import SQLiteCipher

/// `driverport rekey`: a new key and/or cipher for a database, in place and crash-safe.
struct RekeyCommand: Command {
    let name = "rekey"
    let summary = "change a database's key and/or cipher in place, crash-safely (e.g. aes128 -> sqlcipher4)"
    let help = """
    Usage: driverport rekey FILE [--to-cipher NAME] --new-key-env NAME [--cipher NAME]
                                 [--key-env NAME | --key-file PATH | --key-stdin] [--json]

    Rewrites FILE under a new key, and optionally a new cipher (MMEX desktop offers aes128 -> sqlcipher4). The
    database is copied into a new file beside FILE, read back and flushed, then renamed over FILE under an
    exclusive lock: after a crash at any moment FILE is whole under the old key or whole under the new one. A
    WAL-mode file stays in WAL mode. Every other connection to FILE must be closed.

    Options:
      --to-cipher NAME   the new cipher: none (decrypt), sqlcipher4, sqlcipher3, sqlcipher2, sqlcipher1, aes128,
                         aes256, chacha20, sqleet, rc4, ascon128 or aegis[-VARIANT] (see --cipher) (default:
                         keep FILE's; sqlcipher4 for a plain file)
      --new-key-env NAME the new passphrase is in environment variable NAME (not needed with --to-cipher none)
    \(KeyOptions.help)
      --json             the rekeyed file's facts: path, cipher, pageSize, pageCount, userVersion, walMode
    """
    let flags: Set<String> = Set(["json"]).union(KeyOptions.flagNames)
    let options: Set<String> = Set(["to-cipher", "new-key-env"]).union(KeyOptions.optionNames)
    /// Told as the rekey begins each step (``CommandHooks/Point/rekey(_:)``); none in `driverport`.
    var hooks = CommandHooks()

    func run(_ arguments: ArgumentList, console: Console) throws -> ExitCode {
        let path = try arguments.requirePositionals(["FILE"])[0]
        let keyOptions = try KeyOptions(arguments)
        let targetOptions = try TargetKeyOptions(arguments, cipherOption: "to-cipher", keyEnvironmentOption: "new-key-env")
        if targetOptions.keySource == nil, targetOptions.choice != CipherChoice.none {
            throw CLIError.usage("missing --new-key-env NAME (only --to-cipher none needs no new key); see --help")
        }
        let report: CopyReport
        do {
            let probe = try FileProbe.examine(path)
            let needed = keyOptions.needsKey(fileIsPlain: probe.kind == .plainSQLite)
            let key = try keyOptions.key(needed: needed, prompt: "Current passphrase for \(path): ", console: console)
            if needed && key == nil { throw CipherError.keyRequired }
            let newKey = try targetOptions.key()
            var phase: CopyProgress.Phase?
            report = try DatabaseRekey.rekey(
                path, key: key, choice: keyOptions.choice, newKey: newKey, newFormat: targetOptions.choice
            ) { progress in
                CopyProgressLine.draw(progress, console: console, verb: "rekeying")
                if progress.phase != phase {
                    phase = progress.phase
                    hooks.reached?(.rekey(progress.phase))
                }
                return true
            }
            console.endProgress()
        } catch let error as CLIError {
            throw error
        } catch {
            throw ErrorMapping.cliError(for: error, path: path)
        }
        let output = CopyOutput(report)
        if arguments.flag("json") {
            try console.json(output)
        } else {
            console.line("rekeyed \(path) (\(output.summary))")
        }
        return .ok
    }
}
