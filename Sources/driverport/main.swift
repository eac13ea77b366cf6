import DriverPortCLI
import Foundation

let console = Console.standard()
let code = DriverPortMain.run(Array(CommandLine.arguments.dropFirst()), console: console)
exit(code.rawValue)
