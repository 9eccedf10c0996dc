Garden
#d
0:   #FFFFFF   white
1:#  #DC2828   red
g:%  #28A03C   green
b:*  #3250DC   blue
: rows
2 2g
3 3%
1 1g 1b
7b
1b 1b
: columns
1 1b
3 1b
2 2b
1g 1b
3g 2b
2g 1b
2b
: end
