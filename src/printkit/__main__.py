from printkit.start import main

main()
