from hlcg.cli.app import main

main()
