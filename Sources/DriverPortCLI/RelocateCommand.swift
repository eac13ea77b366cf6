import FileLifecycle
import Foundation
import MMEXFiles
import SQLiteCipher

/// `driverport relocate`: the launch-time relocation of a database into a shared container, on a real file.
struct RelocateCommand: Command {
    let name = "relocate"
    let summary = "move a database and its sidecars into a container folder, crash-safely, or say why not"
    let help = """
    Usage: driverport relocate --from FILE --to DIR [--cipher NAME] [--key-env NAME | --key-file PATH | --key-stdin]
                               [--json]

    Applies the app's launch-time relocation rules to FILE: moves it into the folder DIR (as DIR/<name of FILE>)
    with its -wal, -shm and -journal, and prints the path where the database is to be opened. Run it again after
    an interruption and it finishes the move. Before moving, FILE is opened once to roll back a hot journal and
    checkpoint its WAL into the main file, so the main file alone carries every committed transaction. An
    encrypted FILE (and an encrypted DIR/<name>) is opened with its key through the page codec for that, and for
    telling whether it holds rows; its bytes move as they are, still encrypted.

      DIR missing                 FILE stays where it is (exit 0)
      FILE open elsewhere         FILE stays where it is (exit 0, fallback sourceInUse)
      DIR/<name> holds no rows    it is replaced by FILE
      both hold rows              nothing is touched (conflict, exit 73)
      main file already moved     the sidecars still beside FILE follow it; one that exists in DIR is never
                                  overwritten

    Options:
      --from FILE  the database where older builds kept it
      --to DIR     the container folder
    \(KeyOptions.help)
      --json       one JSON object: path (the database to open), moved (this run moved the main file or a
                   sidecar), fallbackReason (null, or why FILE was kept: noContainer, containerMissing, conflict,
                   sourceInUse, sourceUnreadable, sourceNotSettled, destinationUnreadable, destinationOccupied,
                   destinationInUse, removeFailed, moveFailed), conflict, location (legacy or destination),
                   pendingSidecars, safeToOpen, detail (the reason in words)

    Exit codes: 0 the database is usable at the printed path; 73 conflict: both files hold rows, nothing was
    moved (EX_CANTCREAT: the destination is taken); 75 a -wal or hot -journal has not followed the main file
    yet: do not open the database, run relocate again; 65 FILE is not a usable database; 66 no database at FILE
    or in DIR; 64 usage.
    """
    let flags: Set<String> = Set(["json"]).union(KeyOptions.flagNames)
    let options: Set<String> = Set(["from", "to"]).union(KeyOptions.optionNames)

    /// Told at every ``RelocationStep`` boundary (``CommandHooks/Point/relocation(_:)``); none in `driverport`.
    var hooks = CommandHooks()

    func run(_ arguments: ArgumentList, console: Console) throws -> ExitCode {
        _ = try arguments.requirePositionals([])
        guard let from = arguments.option("from") else { throw CLIError.usage("missing --from FILE; see --help") }
        guard let to = arguments.option("to") else { throw CLIError.usage("missing --to DIR; see --help") }
        // Anything at the path (lstat: a symbolic link loop or a dangling link too) is probed, so it gets the same
        // error and exit code as in every other command.
        let keyOptions = try KeyOptions(arguments)
        var entry = stat()
        var sourceIsPlain = true
        if lstat(from, &entry) == 0 {
            do {
                sourceIsPlain = try FileProbe.examine(from).kind == .plainSQLite
            } catch {
                throw ErrorMapping.cliError(for: error, path: from)
            }
        }
        let access = try Self.access(keyOptions, sourceIsPlain: sourceIsPlain, path: from, console: console)
        var observer: RelocationObserver?
        if let reached = hooks.reached { observer = { step in reached(.relocation(step)) } }
        let relocation = DatabaseRelocation(
            legacyFile: URL(fileURLWithPath: from), container: URL(fileURLWithPath: to, isDirectory: true),
            access: access, observer: observer
        )
        let result = relocation.run()
        let report = RelocateReport(result)
        if arguments.flag("json") {
            try console.json(report)
        }
        let destination = relocation.destinationFile?.path ?? to
        if !sourceIsPlain, keyOptions.source == nil, case .detect = keyOptions.choice {
            switch result.fallbackReason {
            case .sourceUnreadable?, .sourceNotSettled?:
                // An encrypted FILE read without a key: say so, and how to give it.
                throw ErrorMapping.cliError(for: CipherError.keyRequired, path: from)
            default: break
            }
        }
        let exitCode = try Self.exitCode(for: result, from: from, destination: destination)
        if !arguments.flag("json") && exitCode == .ok {
            console.out(Self.text(report))
        }
        return exitCode
    }

    /// How the relocation opens the databases: plain SQLite without key options (an encrypted FILE then asks for its
    /// passphrase on a terminal), else through the page codec with the options' cipher and key; the key never
    /// leaves this process's memory.
    static func access(
        _ keyOptions: KeyOptions, sourceIsPlain: Bool, path: String, console: Console
    ) throws -> DatabaseAccess {
        if case .none = keyOptions.choice { return .plain }
        let needed = keyOptions.needsKey(fileIsPlain: sourceIsPlain)
        let key = try keyOptions.key(needed: needed, prompt: "Passphrase for \(path): ", console: console)
        if key == nil, case .detect = keyOptions.choice { return .plain }
        if key == nil { throw CipherError.keyRequired }
        let choice = keyOptions.choice
        return .encrypted(choice, key: key)
    }

    /// The exit code for a result; a result the database is not usable with throws the one-line error.
    static func exitCode(for result: RelocationResult, from: String, destination: String) throws -> ExitCode {
        if result.conflict {
            throw CLIError(
                "both \(from) and \(destination) hold rows; nothing was moved (keep one by hand, then run relocate again)",
                exitCode: .cannotCreate
            )
        }
        switch result.fallbackReason {
        case .sourceUnreadable(let detail)?, .sourceNotSettled(let detail)?:
            throw CLIError("\(from): not a usable database (\(detail))", exitCode: .dataError)
        default: break
        }
        if !result.isSafeToOpen {
            let names = result.pendingSidecars.filter(\.carriesTransactions).map(\.path).joined(separator: ", ")
            throw CLIError(
                "\(names) did not follow \(result.path.path) yet; do not open it, run relocate again",
                exitCode: .temporaryFailure
            )
        }
        guard FileManager.default.fileExists(atPath: result.path.path) else {
            throw CLIError("no database at \(from) or \(destination)", exitCode: .noInput)
        }
        return .ok
    }

    static func text(_ report: RelocateReport) -> String {
        var lines = [
            "path      \(report.path)",
            "location  \(report.location)",
            "moved     \(report.moved ? "yes" : "no")",
            "fallback  \(report.fallbackReason.map { "\($0): \(report.detail ?? "")" } ?? "none")",
            "conflict  \(report.conflict ? "yes" : "no")",
        ]
        for pending in report.pendingSidecars {
            lines.append("pending   \(pending)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// What `relocate --json` prints: the result with `null` for a missing fallback reason.
struct RelocateReport: Encodable {
    let path: String
    let location: String
    let moved: Bool
    let fallbackReason: String?
    let detail: String?
    let conflict: Bool
    let pendingSidecars: [String]
    let safeToOpen: Bool

    init(_ result: RelocationResult) {
        path = result.path.path
        location = result.location.rawValue
        moved = result.moved
        fallbackReason = result.fallbackReason?.code
        detail = result.fallbackReason?.description
        conflict = result.conflict
        pendingSidecars = result.pendingSidecars.map { pending in
            switch pending.state {
            case .moveFailed(let reason): "\(pending.path) (move failed: \(reason); retried next run)"
            case .destinationHasOne: "\(pending.path) (the destination has its own; never overwritten)"
            }
        }
        safeToOpen = result.isSafeToOpen
    }

    private enum CodingKeys: String, CodingKey {
        case path, location, moved, fallbackReason, detail, conflict, pendingSidecars, safeToOpen
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(path, forKey: .path)
        try container.encode(location, forKey: .location)
        try container.encode(moved, forKey: .moved)
        if let fallbackReason { try container.encode(fallbackReason, forKey: .fallbackReason) } else {
            try container.encodeNil(forKey: .fallbackReason)
        }
        if let detail { try container.encode(detail, forKey: .detail) } else { try container.encodeNil(forKey: .detail) }
        try container.encode(conflict, forKey: .conflict)
        try container.encode(pendingSidecars, forKey: .pendingSidecars)
        try container.encode(safeToOpen, forKey: .safeToOpen)
    }
}
