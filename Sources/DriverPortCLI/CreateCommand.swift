import MMEXFiles
import MMEXFixtures
import SQLiteEngine

/// `driverport create`: a new MMEX version 21 file, as the MMEX apps create it.
struct CreateCommand: Command {
    let name = "create"
    let summary = "create a new MMEX file (user_version 21), optionally with a small sample data set"
    let help = """
    Usage: driverport create OUT [--sample]

    Creates a new MMEX database at OUT: user_version 21, then the MMEX schema with its default rows
    (categories, currencies, INFOTABLE), as the MMEX apps do. Refuses to overwrite an existing file.

    Options:
      --sample  add a small realistic data set (accounts, payees, transactions, splits, tags)
    """
    let flags: Set<String> = ["sample"]
    let options: Set<String> = []

    func run(_ arguments: ArgumentList, console: Console) throws -> ExitCode {
        let path = try arguments.requirePositionals(["OUT"])[0]
        do {
            let connection = try MMEXFileCreator.create(at: path, populate: { connection in
                if arguments.flag("sample") { try SampleData.insert(into: connection) }
            })
            connection.close()
        } catch {
            throw ErrorMapping.cliError(for: error, path: path)
        }
        console.line("created \(path) (MMEX user_version 21\(arguments.flag("sample") ? ", with sample data" : ""))")
        return .ok
    }
}
