import DriverPortCLI
import Foundation

let console = Console.standard()
let code = DriverPortMain.runProcess(
    Array(CommandLine.arguments.dropFirst()), console: console, environment: ProcessInfo.processInfo.environment
)
exit(code.rawValue)
