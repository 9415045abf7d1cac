from tests.conformance.breakers import main

main()
