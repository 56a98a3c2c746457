from hlcg.cli import main

main()
