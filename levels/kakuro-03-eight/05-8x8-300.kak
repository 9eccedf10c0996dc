kakuro
title "Eight 5"
by "Hanjie generator"
license MIT
difficulty 2
seed 300
size 8x8

grid
#     #     32\   14\   26\   4\    #     #
#     12\12 .     .     .     .     #     #
\32   .     .     .     .     .     #     #
\19   .     .     .     .     7\    4\    #
\22   .     .     .     .     .     .     #
\4    .     .     \6    .     .     .     #
#     #     #     \4    .     .     #     #
#     #     #     #     #     #     #     #

solution
# # # # # # # #
# # 5 2 4 1 # #
# 5 9 8 7 3 # #
# 4 8 1 6 # # #
# 2 7 3 5 4 1 #
# 1 3 # 1 2 3 #
# # # # 3 1 # #
# # # # # # # #
