import MMEXFiles
import MMEXFixtures
import SQLiteCipher
import SQLiteEngine

/// `driverport create`: a new MMEX version 21 file, as the MMEX apps create it, plain or encrypted.
struct CreateCommand: Command {
    let name = "create"
    let summary = "create a new MMEX file (user_version 21), plain or encrypted, optionally with sample data"
    let help = """
    Usage: driverport create OUT [--sample] [--cipher NAME] [--key-env NAME | --key-file PATH | --key-stdin]

    Creates a new MMEX database at OUT: user_version 21, then the MMEX schema with its default rows
    (categories, currencies, INFOTABLE), as the MMEX apps do. Refuses to overwrite an existing file.
    With a key the file is encrypted (--cipher auto means sqlcipher4, what MMEX writes today); a named
    cipher needs a key.

    Options:
      --sample         add a small realistic data set: what `driverport fixture OUT --transactions 200 --seed 1`
                       writes (every table gets rows)
    \(KeyOptions.help)
    """
    let flags: Set<String> = Set(["sample"]).union(KeyOptions.flagNames)
    let options: Set<String> = KeyOptions.optionNames

    func run(_ arguments: ArgumentList, console: Console) throws -> ExitCode {
        let path = try arguments.requirePositionals(["OUT"])[0]
        let keyOptions = try KeyOptions(arguments)
        var applied: AppliedCipher?
        do {
            let target = try keyOptions.newFileTarget(for: path, console: console)
            let connection = try MMEXFileCreator.create(at: path, vfs: PageCodec.vfsName, prepare: { connection in
                applied = try target.applyToNewFile(connection)
            }, populate: { connection in
                // Inside the creator: a sample that does not fit (full disk) removes the half-made file.
                if arguments.flag("sample") { try FixtureGenerator.fill(connection, spec: .sample) }
            })
            connection.close()
        } catch {
            throw ErrorMapping.cliError(for: error, path: path)
        }
        let cipher = applied?.format.map { ", \($0.rawValue)" } ?? ""
        console.line("created \(path) (MMEX user_version 21\(cipher)\(arguments.flag("sample") ? ", with sample data" : ""))")
        return .ok
    }
}
