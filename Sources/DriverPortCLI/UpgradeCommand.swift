import Foundation
import MMEXFiles
import MMEXSchema
import SQLiteCipher

/// `driverport upgrade`: brings an older MMEX file to version 21 with the incremental scripts, as MMEX desktop does.
struct UpgradeCommand: Command {
    let name = "upgrade"
    let summary = "bring an older MMEX file to version 21 (backup first, one transaction per step)"
    let help = """
    Usage: driverport upgrade FILE [--to N] [--dry-run] [--keep-backup] [--cipher NAME]
                              [--key-env NAME | --key-file PATH | --key-stdin] [--json]

    Runs the MMEX upgrade scripts database_version_N.sql, N = (file's version + 1) ... 21, in order, each in its
    own transaction together with PRAGMA user_version = N, as MMEX desktop does. Before the first step a
    byte-for-byte backup is written next to FILE as FILE.pre-upgrade-vV.<UTC time>.bak; it is removed once every
    step has committed and PRAGMA integrity_check reports ok, and kept if anything fails or with --keep-backup.
    An interrupted upgrade leaves FILE at the last committed version; running the command again finishes it.
    Version 21 tables the scripts never create (SETTING_V1, USAGE_V1, ATTACHMENT_V1, ...) are created empty by the
    last step. A file newer than 21 is refused and left untouched (exit 65), as are files that are not MMEX.
    An encrypted file is upgraded in place under its own key and cipher (every step's pages and journal are
    encrypted); its backup is the encrypted file, byte for byte, and opens with the same key.

    Options:
      --to N         stop at version N (1-21, default 21)
      --dry-run      list the steps and change nothing
      --keep-backup  keep the backup after a successful upgrade
    \(KeyOptions.help)
      --json         one JSON object: path, storedVersion, fromVersion, targetVersion, reachedVersion, dryRun,
                     steps (version, summary, runsStatements, createsFirst, completesSchema, completesTables),
                     backup, backupKept, integrityCheck, createdTables, earlierBackups
    """
    let flags: Set<String> = Set(["dry-run", "keep-backup", "json"]).union(KeyOptions.flagNames)
    let options: Set<String> = Set(["to"]).union(KeyOptions.optionNames)
    /// Told at every phase of an upgrade (``CommandHooks/Point/upgrade(_:)``); none in `driverport`.
    var hooks = CommandHooks()

    func run(_ arguments: ArgumentList, console: Console) throws -> ExitCode {
        let path = try arguments.requirePositionals(["FILE"])[0]
        let newest = Int(MMEXSchema.currentVersion)
        let target = Int64(try arguments.integer("to", range: 1...newest) ?? newest)
        let keyOptions = try KeyOptions(arguments)
        let report: UpgradeReport
        do {
            let upgrader = MMEXUpgrader(path: path, access: try EncryptedOpen.access(for: path, keyOptions: keyOptions, console: console))
            if arguments.flag("dry-run") {
                report = .dryRun(try upgrader.plan(to: target), earlierBackups: UpgradeBackup.existing(for: path))
            } else {
                report = try upgrader.upgrade(
                    to: target, keepBackup: arguments.flag("keep-backup"),
                    progress: { progress in
                        console.progress("upgrading to version \(progress.step.version) "
                            + "(step \(progress.index) of \(progress.count))")
                    },
                    observe: { hooks.reached?(.upgrade($0)) }
                )
                console.endProgress()
            }
        } catch {
            throw ErrorMapping.cliError(for: error, path: path)
        }
        if arguments.flag("json") {
            try console.json(report)
        } else {
            console.out(Self.text(report))
        }
        return .ok
    }

    static func text(_ report: UpgradeReport) -> String {
        var lines: [String] = []
        let count = report.steps.count
        if report.steps.isEmpty {
            lines.append("\(report.path) is already at version \(report.reachedVersion); nothing to do")
        } else if report.dryRun {
            lines.append("\(report.path) is at version \(report.fromVersion); an upgrade to \(report.targetVersion) "
                + "would run \(count) step\(count == 1 ? "" : "s") (dry run: nothing was changed)")
        } else {
            lines.append("upgraded \(report.path) from version \(report.fromVersion) to \(report.reachedVersion) "
                + "(\(count) step\(count == 1 ? "" : "s")); integrity check \(report.integrityCheck ?? "not run")")
        }
        for step in report.steps {
            let summary = step.summary.count > 100 ? step.summary.prefix(99) + "…" : step.summary
            var line = "  \(step.version < 10 ? " " : "")\(step.version)  "
                + (step.runsStatements ? summary : "(no statements) \(summary)")
            if !step.createsFirst.isEmpty { line += " [first creates \(step.createsFirst.joined(separator: ", "))]" }
            if !step.completesTables.isEmpty {
                line += " [then creates \(step.completesTables.joined(separator: ", "))]"
            }
            lines.append(line)
        }
        if let backup = report.backup {
            lines.append(report.backupKept ? "backup kept: \(backup)" : "backup removed after the integrity check")
        }
        for backup in report.earlierBackups {
            lines.append("an earlier backup is still next to the file: \(backup)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
